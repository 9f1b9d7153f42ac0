/** The fleet's pure pieces (issue 20): readings from Traccar's attributes, alarms kept once, "há 3 h". */
import { describe, expect, it } from 'vitest';
import { tempoDesde } from '../../domain/frota';
import { alarmsIn, dedupeAlarms, positionRow, volts } from '../../server/frota/estado';

describe('fleet readings', () => {
  it('volts: V as sent, mV (above 100) converted, nothing or garbage is null (the unit is not judged)', () => {
    expect([volts(12.6), volts(27.4), volts(12600), volts('11800'), volts(undefined), volts('abc'), volts(-1)]).toEqual([
      12.6,
      27.4,
      12.6,
      11.8,
      null,
      null,
      null,
    ]);
  });

  it('a position: knots to km/h, satellites, ignition, battery level; power is the main supply', () => {
    const row = positionRow({
      id: 9,
      deviceId: 3,
      speed: 10,
      valid: true,
      attributes: { sat: 11, ignition: false, power: 24300, batteryLevel: 76 },
    });
    expect(row).toMatchObject({ device_id: 3, velocidade: 18.5, satelites: 11, ignicao: false, tensao: 24.3, bateria: 76, valid: true });
  });

  it('alarms: only the kept kinds, several in one attribute; an event and its position are one alarm', () => {
    expect(alarmsIn('powerCut,overspeed, sos')).toEqual(['powerCut', 'sos']);
    const em = '2026-11-25T10:00:00.000Z';
    const kept = dedupeAlarms([
      { deviceId: 1, eventId: null, tipo: 'powerCut', em, latitude: 1, longitude: 2 },
      { deviceId: 1, eventId: 77, tipo: 'powerCut', em: '2026-11-25T10:00:30.000Z', latitude: null, longitude: null },
      { deviceId: 1, eventId: null, tipo: 'powerCut', em: '2026-11-25T10:10:00.000Z', latitude: 1, longitude: 2 },
    ]);
    expect(kept.map((a) => a.eventId)).toEqual([77, null]);
  });

  it('tempoDesde: agora, minutes, hours up to 48, then days', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const ago = (s: number) => new Date(now - s * 1000).toISOString();
    expect([ago(20), ago(300), ago(3 * 3600), ago(25 * 3600), ago(3 * 86400)].map((d) => tempoDesde(d, now))).toEqual([
      'agora',
      'há 5 min',
      'há 3 h',
      'há 25 h',
      'há 3 dias',
    ]);
    expect(tempoDesde(null)).toBe('');
  });
});
