// The window's colour theme, a choice of this computer's (kept in the page's storage): the
// system's, light or dark. Chosen in Settings, applied to the document by the App.
export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEMES)[number];

function stored(): ThemeChoice {
  const kept = localStorage.getItem('theme');
  return THEMES.find((choice) => choice === kept) ?? 'system';
}

class Theme {
  choice = $state<ThemeChoice>(stored());

  set(value: string): void {
    this.choice = THEMES.find((choice) => choice === value) ?? 'system';
    localStorage.setItem('theme', this.choice);
  }
}

export const theme = new Theme();
