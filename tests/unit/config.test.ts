/** The environment (server/regras/config.ts) and the PostgreSQL pool's default size (server/db/client.ts). */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../server/regras/config';
import { defaultPoolSize } from '../../server/db/client';

describe('environment', () => {
  it('DATABASE_POOL_SIZE is a whole number of connections, unset by default', () => {
    expect(readEnv({}).DATABASE_POOL_SIZE).toBeUndefined();
    expect(readEnv({ DATABASE_POOL_SIZE: '6' }).DATABASE_POOL_SIZE).toBe(6);
    for (const bad of ['0', '-1', '2.5', 'dez', '201']) expect(() => readEnv({ DATABASE_POOL_SIZE: bad })).toThrow();
  });

  it('the pool defaults to twice the cores, never under 4', () => {
    expect(defaultPoolSize()).toBe(Math.max(4, 2 * availableParallelism()));
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(4);
  });

  it('an empty DATABASE_URL means the embedded database', () => {
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(readEnv({ DATABASE_URL: 'postgres://u@h/db' }).DATABASE_URL).toBe('postgres://u@h/db');
  });
});
