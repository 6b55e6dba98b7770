// Islands receive only the strings they use, picked on the server from the catalogue.

/** Translates a message key from an API or a schema, falling back to the key's own text. */
export function tr(messages: Record<string, string>, key: string): string {
  return messages[key] ?? key;
}
