// Message placeholders ({name}) filled the same way by the server's catalogues and every island.

/** Replaces {name} placeholders; an unknown name stays as it is, so a missing value shows rather than vanishes. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}
