/* Vite's import.meta.glob, used by the fantasy slot to load a section only if its file exists. */
interface ImportMeta {
  glob<T = unknown>(pattern: string | readonly string[], options?: { eager?: false; import?: string }): Record<string, () => Promise<T>>;
}
