import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with OWASP's minimum parameters, 19 MiB and two
 * passes: a login costs tens of milliseconds of CPU, a guessing attacker far more.
 */
const productionParameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, productionParameters);

export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);
