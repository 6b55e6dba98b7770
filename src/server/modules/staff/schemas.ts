// The request schemas of the back office live in src/shared/schemas; this is the server's name for what a parsed
// request part holds, used by services that take a body as their routes declared it.
import type * as v from 'valibot';

export type Input<S extends v.GenericSchema> = v.InferOutput<S>;
