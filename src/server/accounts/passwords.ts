import { hash, parseOptions, verify } from "@node-rs/argon2";

// Passwords are hashed with argon2id (the library's default algorithm) at OWASP's recommended cost:
// 19 MiB of memory, 2 passes, 1 lane. Tests may lower the cost; production never does.

export interface PasswordHashingOptions {
  /** KiB of memory per hash. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const owaspPasswordHashing: PasswordHashingOptions = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real check, for the sign-in of an unknown e-mail address. */
  verifyNothing(password: string): Promise<void>;
  /** True when a stored hash was made with other settings and should be replaced at the next sign-in. */
  needsRehash(passwordHash: string): boolean;
}

// NIST SP 800-63B: compare passwords after Unicode normalisation, so the same characters typed on two
// keyboards (composed or decomposed accents) are the same password.
const normalise = (password: string) => password.normalize("NFKC");

export function createPasswordHasher(options: PasswordHashingOptions = owaspPasswordHashing): PasswordHasher {
  const settings = { ...options, outputLen: 32 };
  // Made up front, so even the first sign-in of an unknown address costs exactly one check.
  const dummyHash = hash("no account has this password", settings);
  return {
    hash: (password) => hash(normalise(password), settings),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, normalise(password));
      } catch {
        // A malformed stored hash never signs anyone in.
        return false;
      }
    },
    async verifyNothing(password) {
      await verify(await dummyHash, normalise(password)).catch(() => false);
    },
    needsRehash(passwordHash) {
      try {
        const used = parseOptions(passwordHash);
        return (
          used.memoryCost !== options.memoryCost ||
          used.timeCost !== options.timeCost ||
          used.parallelism !== options.parallelism
        );
      } catch {
        return true;
      }
    },
  };
}
