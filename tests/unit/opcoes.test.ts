import { describe, expect, it } from 'vitest';
import { opcoes } from '../../domain/opcoes';

describe('opcoes', () => {
  it('gives the labels and their keys as the values, in order', () => {
    const { valores, labels } = opcoes({ b: 'Bê', a: 'A', c_d: 'Cê dê' });
    expect(valores).toEqual(['b', 'a', 'c_d']);
    expect(labels.a).toBe('A');
  });
});
