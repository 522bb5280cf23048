import { describe, expect, it } from 'vitest';
import { MONOGRAM_COLOURS, monogramColour, monogramIcon, monogramLetters } from './monogram.js';

/** The relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('the monogram of an organisation page', () => {
  it('takes the first letters of the first two words of its title, or the first two of a single word', () => {
    expect(monogramLetters('Risk Register')).toBe('RR');
    expect(monogramLetters('People Directory')).toBe('PD');
    expect(monogramLetters('Operations Reports')).toBe('OR');
    expect(monogramLetters('Chat')).toBe('Ch');
    expect(monogramLetters('  über-ansicht ')).toBe('ÜA');
    expect(monogramLetters('风险登记')).toBe('风险');
    expect(monogramLetters('& Co')).toBe('Co');
    expect(monogramLetters('')).toBe('?');
  });

  it('gives a name always the same colour, one carrying white text at 4.5:1 or more', () => {
    expect(monogramColour('RiskRegister')).toBe(monogramColour('RiskRegister'));
    for (const colour of MONOGRAM_COLOURS) expect((1.05 / (luminance(colour) + 0.05)), colour).toBeGreaterThanOrEqual(4.5);
    // The demo's pages of one category differ in colour, not only in letters.
    expect(new Set(['Chat', 'Mail', 'Calendar'].map(monogramColour)).size).toBe(3);
    expect(monogramColour('RiskRegister')).not.toBe(monogramColour('Policies'));
    expect(monogramColour('LeaveRequests')).not.toBe(monogramColour('Handbook'));
  });

  it('is an SVG image address with the letters, escaped, on the colour', () => {
    const icon = monogramIcon('RiskRegister', 'Risk Register');
    expect(icon.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(icon.slice('data:image/svg+xml,'.length));
    expect(svg).toContain(`fill='${monogramColour('RiskRegister')}'`);
    expect(svg).toMatch(/>RR<\/text><\/svg>$/);
    expect(icon).not.toMatch(/[\s<>"#]/);
    expect(decodeURIComponent(monogramIcon('x', '<b> "q"').slice(19))).toContain('&lt;&quot;</text>');
    expect(monogramIcon('Chat', 'Chat')).not.toBe(monogramIcon('Mail', 'Mail'));
  });
});
