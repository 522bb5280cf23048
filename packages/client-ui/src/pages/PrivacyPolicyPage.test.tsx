import { jsonResponse, type FakeEnvironment } from '@atrium/client-core/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API, HOST, renderAtrium, settle } from '../testing/renderAtrium.js';

afterEach(cleanup);

const policyAt = (answer: unknown, status = 200) => ({
  address: '/privacy-policy',
  script: (env: FakeEnvironment) => env.route('GET', `${API}/homescreen/privacy-policy/${HOST}`, () => jsonResponse(status, answer)),
});

describe('privacy policy page', () => {
  it("shows the organisation's policy, sanitised, with Go Back to /", async () => {
    await renderAtrium(policyAt({ status: 'success', data: { name: 'Northwind Trading', privacyPolicy: '<h2>Privacy policy</h2><p onclick="alert(1)">We care.</p><script>alert(2)</script><img src=x onerror="alert(3)">' } }));
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Northwind Trading');
    expect(screen.getByText('Privacy Policy')).toBeTruthy();
    const content = screen.getByTestId('privacy.content');
    expect(content.querySelector('h2')?.textContent).toBe('Privacy policy');
    expect(content.innerHTML).not.toMatch(/script|onclick|onerror/);
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/');
  });

  it('says so when no policy has been published', async () => {
    await renderAtrium(policyAt({ status: 'success', data: { name: 'Contoso Health', privacyPolicy: null } }));
    await settle();
    expect(screen.getByText('No privacy policy has been published.')).toBeTruthy();
  });

  it('says so when the policy cannot be loaded', async () => {
    await renderAtrium(policyAt({ status: 'error', message: 'Not found' }, 404));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('The privacy policy could not be loaded. Please try again later.');
  });
});
