// The lobby pages' URL rules: which group and platform a page opens on, and which group tabs it shows.
import { describe, expect, it } from 'vitest';
import { lobbyChoice, lobbyTabs } from './lobby.ts';

const GAMES = ['slots', 'fish', 'cards', 'lottery'] as const;

describe('lobbyChoice', () => {
  it('takes a group of the page and a cleaned platform code', () => {
    expect(lobbyChoice(new URLSearchParams('group=fish&code=FSH'), GAMES)).toEqual({ group: 'fish', code: 'FSH' });
    expect(lobbyChoice(new URLSearchParams('code=<b>S L X</b>'), GAMES)).toEqual({ group: 'slots', code: 'bSLXb' });
  });
  it("falls back to the page's first group for a group of another page", () => {
    expect(lobbyChoice(new URLSearchParams('group=sports'), GAMES).group).toBe('slots');
  });
  it('keeps at most 20 characters of the code', () => {
    expect(lobbyChoice(new URLSearchParams(`code=${'A'.repeat(30)}`), GAMES).code).toHaveLength(20);
  });
});

describe('lobbyTabs', () => {
  it('lists live groups in the page order and always the current one', () => {
    expect(lobbyTabs(GAMES, 'cards', ['lottery', 'slots'])).toEqual(['slots', 'cards', 'lottery']);
    expect(lobbyTabs(GAMES, 'slots', [])).toEqual(['slots']);
  });
});
