/** Class names for the shop's buttons and button-like links, so every button looks the same. */
export const buttonStyles = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-full border-2 border-brand-700 bg-white px-6 py-3 font-semibold text-brand-800 transition-colors hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-60",
  /** An action that cannot be undone (delete, refuse, reject): the confirm dialogs' red button. */
  danger:
    "inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-6 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-60",
  subtle:
    "inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-ink transition-colors hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-60",
} as const;
