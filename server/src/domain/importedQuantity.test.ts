import { importedNumber, importedQuantity, shiftDecimal } from './importedQuantity';

describe('importedQuantity', () => {
  it.each([
    ['2.5 L', '2500'],
    ['2.5L', '2500'],
    ['500 mL', '500'],
    ['500ml', '500'],
    ['0.0012 l', '1.2'],
    ['250 µL', '0.25'],
    ['3 cl', '30'],
    ['12.5', '12.5'],
    ['  7 ', '7'],
    ['1 litre', '1000'],
  ])('reads the chemical amount %p as %p ml', (cell, ml) => {
    expect(importedQuantity('chemical', cell)).toEqual({ ok: true, value: ml });
  });

  it.each([
    ['3 pcs', '3'],
    ['3 pieces', '3'],
    ['1 pc', '1'],
    ['4', '4'],
  ])('reads the piece count %p as %p', (cell, pieces) => {
    expect(importedQuantity('glassware', cell)).toEqual({ ok: true, value: pieces });
    expect(importedQuantity('instrument', cell)).toEqual({ ok: true, value: pieces });
  });

  it('leaves a blank cell blank, so the field keeps its default', () => {
    expect(importedQuantity('chemical', '  ')).toEqual({ ok: true, value: '' });
  });

  it.each([
    [
      'chemical',
      '2 kg',
      '"2 kg" is not an amount in ml: write a number, optionally with ml, L, cl, dl or µL.',
    ],
    [
      'chemical',
      '3 pcs',
      '"3 pcs" is not an amount in ml: write a number, optionally with ml, L, cl, dl or µL.',
    ],
    [
      'chemical',
      'lots',
      '"lots" is not an amount in ml: write a number, optionally with ml, L, cl, dl or µL.',
    ],
    [
      'chemical',
      '2,5 L',
      '"2,5 L" is not an amount in ml: write a number, optionally with ml, L, cl, dl or µL.',
    ],
    ['glassware', '2 L', '"2 L" is not an amount in pieces: write a number, optionally with pieces (pcs).'],
  ] as const)('refuses the %s amount %p, whose unit is not one of its own', (kind, cell, message) => {
    expect(importedQuantity(kind, cell)).toEqual({ ok: false, message });
  });

  it('refuses an amount longer than any quantity at once, before reading it (2.6 KB once froze the server 11 s)', () => {
    // Digits, a letter and a second word: the shape that made the old pattern try every split of the digits.
    const cell = `${'1'.repeat(2600)}x y`;
    expect(importedQuantity('chemical', cell)).toEqual({
      ok: false,
      message:
        'An amount in ml has at most 40 characters: write a number, optionally with ml, L, cl, dl or µL.',
    });
    expect(importedQuantity('glassware', cell)).toEqual({
      ok: false,
      message: 'An amount in pieces has at most 40 characters: write a number, optionally with pieces (pcs).',
    });
  });

  it('reads an amount of the longest length allowed', () => {
    expect(importedQuantity('chemical', `0.${'0'.repeat(33)}1 L`)).toEqual({
      ok: true,
      value: `0.${'0'.repeat(30)}1`,
    });
  });

  it('keeps the sign, so the API refuses a negative amount with its own message', () => {
    expect(importedQuantity('chemical', '-1 L')).toEqual({ ok: true, value: '-1000' });
  });
});

describe('importedNumber', () => {
  it('passes a number on as text, trimmed, for the validator to read', () => {
    expect(importedNumber(' 99.5 ')).toEqual({ ok: true, value: '99.5' });
  });

  it('refuses a cell longer than any number before the validator’s patterns read it', () => {
    expect(importedNumber(`${'9'.repeat(1000)}x`)).toEqual({
      ok: false,
      message: 'A number has at most 40 characters.',
    });
  });
});

describe('shiftDecimal', () => {
  it.each([
    ['2.5', 3, '2500'],
    ['0.0012', 3, '1.2'],
    ['250', -3, '0.25'],
    ['1', -4, '0.0001'],
    ['.5', 1, '5'],
    ['-0', 3, '0'],
    ['007.10', 0, '7.1'],
  ])('%p shifted by %p places is %p', (number, places, shifted) => {
    expect(shiftDecimal(number, places)).toBe(shifted);
  });
});
