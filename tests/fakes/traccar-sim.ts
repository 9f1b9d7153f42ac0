/**
 * Vehicles moving on the fake Traccar (`npm run fakes -- --veiculos N`): every few seconds each of
 * the first N devices the fake holds (the app's sync creates one per tracker) reports a new
 * position a little further along its heading, pushed on the WebSocket like a real device's, so a
 * newcomer sees the map move. Devices created later join at the next step.
 */
import type { TraccarFake } from './traccar';

export interface Simulation {
  stop(): void;
}

export function simulateVehicles(fake: TraccarFake, options: { vehicles: number; everyMs?: number }): Simulation {
  const state = new Map<number, { lat: number; lon: number; heading: number; speed: number }>();
  const step = () => {
    const devices = [...fake.devices.values()].sort((a, b) => a.id - b.id).slice(0, options.vehicles);
    for (const device of devices) {
      let s = state.get(device.id);
      if (!s) {
        // Around São Paulo, each on its own heading.
        s = {
          lat: -23.55 + (Math.random() - 0.5) * 0.3,
          lon: -46.63 + (Math.random() - 0.5) * 0.4,
          heading: Math.random() * 360,
          speed: 20 + Math.random() * 40,
        };
        state.set(device.id, s);
      }
      s.heading = (s.heading + (Math.random() - 0.5) * 40 + 360) % 360;
      const km = (s.speed * (options.everyMs ?? 3000)) / 3_600_000;
      s.lat += (km / 111) * Math.cos((s.heading * Math.PI) / 180);
      s.lon += (km / 102) * Math.sin((s.heading * Math.PI) / 180);
      fake.setPosition(device.id, {
        latitude: s.lat,
        longitude: s.lon,
        course: Math.round(s.heading),
        speed: s.speed / 1.852,
        attributes: { ignition: true, motion: true, sat: 9, power: 12.6 },
      });
    }
  };
  const timer = setInterval(step, options.everyMs ?? 3000);
  return { stop: () => clearInterval(timer) };
}
