import { expect, it } from 'vitest';
import { z } from 'zod';
import './zod-config';

it("turns Zod's compiled parsers off in the settings Zod reads, without loading Zod", () => {
  expect(z.config().jitless).toBe(true);
});
