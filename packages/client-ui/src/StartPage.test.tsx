import { cleanup, render, screen } from '@testing-library/react';
import { createTranslator } from '@atrium/client-core';
import { afterEach, describe, expect, it } from 'vitest';
import { StartPage } from './StartPage.js';

afterEach(cleanup);

describe('StartPage', () => {
  it('shows the welcome title and the version in the chosen language', () => {
    render(<StartPage t={createTranslator('fr_FR')} version="0.1.0" logoSrc="/logo.svg" />);
    expect(screen.getByRole('heading').textContent).toBe('Bienvenue sur Atrium');
    expect(screen.getByTestId('start.version').textContent).toBe('Version 0.1.0');
  });
  it('leaves the version out until it is known', () => {
    render(<StartPage t={createTranslator('en_EN')} version={null} logoSrc="/logo.svg" />);
    expect(screen.queryByTestId('start.version')).toBeNull();
  });
});
