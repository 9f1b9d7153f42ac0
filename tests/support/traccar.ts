import { afterAll, beforeAll } from 'vitest';
import { startTraccarFake, type TraccarFake } from '../fakes/traccar';

/** A Traccar fake for a test file's describe block: `traccar.fake`, started in beforeAll and closed in afterAll. */
export function useTraccarFake() {
  const traccar = {} as { fake: TraccarFake };
  beforeAll(async () => {
    traccar.fake = await startTraccarFake();
  });
  afterAll(() => traccar.fake.close());
  return traccar;
}
