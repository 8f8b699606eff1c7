import type { z } from 'zod';
import type { Db } from '../db/client';
import { asSent } from './json-serializer';

/**
 * A public GET route's input, answer and response, declared once for its two readers
 * (docs/decisions/035): the route registered from it, and the server renderer of the content
 * pages, which draws a page from what the route answers a guest. Both validate the input with
 * `input` and send the answer through `response`, so a server-rendered page is drawn from the body
 * the browser's own call receives and the two cannot drift apart.
 */
export type PublicRead<Input extends z.ZodType, Response extends z.ZodType, Viewer> = {
  /** The query string's or the path's parameters. */
  input: Input;
  response: Response;
  /** Who a visitor who is not signed in is to `answer`. */
  guest: Viewer;
  answer(db: Db, input: z.output<Input>, viewer: Viewer): Promise<z.input<Response>>;
};

export const publicRead = <Input extends z.ZodType, Response extends z.ZodType, Viewer>(
  read: PublicRead<Input, Response, Viewer>,
) => read;

/**
 * The body the route answers a guest for `input` (parameters as text, as a URL carries them).
 * Input the route refuses throws the ZodError the route would answer 400 with.
 */
export async function readAsGuest<Input extends z.ZodType, Response extends z.ZodType, Viewer>(
  db: Db,
  read: PublicRead<Input, Response, Viewer>,
  input: Record<string, string>,
): Promise<z.output<Response>> {
  return asSent(read.response, await read.answer(db, read.input.parse(input), read.guest));
}
