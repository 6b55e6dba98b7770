// What an update changes: a back-office edit sends only the fields the operator touched, and a field left out means
// "leave it as it is", so the row's patch holds exactly the given fields, each under its column's name.

type Given<I, C> = { [K in keyof C & keyof I as C[K] extends string ? C[K] : never]?: Exclude<I[K], undefined> };

/** The patch for `input`: each field of `columns` the input gives (not undefined), renamed to its column. */
export function givenFields<I extends object, const C extends { readonly [K in keyof I]?: string }>(input: I, columns: C): Given<I, C> {
  const patch: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns) as Array<[keyof I & string, string]>) {
    if (input[field] !== undefined) patch[column] = input[field];
  }
  return patch as Given<I, C>;
}
