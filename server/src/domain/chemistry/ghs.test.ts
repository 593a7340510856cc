import {
  derivePictograms,
  deriveSignalWord,
  HAZARD_CODES,
  HAZARD_STATEMENTS,
  hazardStatement,
  hazardStatementLabel,
  normalizeHazardCodes,
} from './ghs';

// Each code alone, written down from GHS rev. 9 Annex 1 (the lettered H350i–H361fd from CLP Annex I, of the same
// categories) independently of the table: its pictograms (GHS numbers) and signal word (D: Danger, W: Warning, -:
// none).
const EXPECTED = `
H200 01 D | H201 01 D | H202 01 D | H203 01 D | H204 01 W | H205 - D | H206 02 D | H207 02 D | H208 02 W
H220 02 D | H221 02 D | H222 02 D | H223 02 W | H224 02 D | H225 02 D | H226 02 W | H227 - W | H228 02 D
H229 - W | H230 - - | H231 - - | H232 02 D | H240 01 D | H241 01,02 D | H242 02 D | H250 02 D | H251 02 D
H252 02 W | H260 02 D | H261 02 D | H270 03 D | H271 03 D | H272 03 D | H280 04 W | H281 04 W
H282 02,04 D | H283 02,04 W | H284 04 W | H290 05 W
H300 06 D | H301 06 D | H302 07 W | H303 - W | H304 08 D | H305 08 W | H310 06 D | H311 06 D | H312 07 W
H313 - W | H314 05 D | H315 07 W | H316 - W | H317 07 W | H318 05 D | H319 07 W | H320 - W | H330 06 D
H331 06 D | H332 07 W | H333 - W | H334 08 D | H335 07 W | H336 07 W | H340 08 D | H341 08 W | H350 08 D
H350i 08 D | H351 08 W | H360 08 D | H360F 08 D | H360D 08 D | H360FD 08 D | H360Fd 08 D | H360Df 08 D
H361 08 W | H361f 08 W | H361d 08 W | H361fd 08 W | H362 - - | H370 08 D | H371 08 W | H372 08 D | H373 08 W
H400 09 W | H401 - - | H402 - - | H410 09 W | H411 09 - | H412 - - | H413 - - | H420 07 W
`
  .split(/[|\n]/)
  .map((cell) => cell.trim())
  .filter((cell) => cell !== '')
  .map((cell) => {
    const [code, pictograms, word] = cell.split(' ');
    return {
      code,
      pictograms: pictograms === '-' ? [] : pictograms.split(',').map((number) => `GHS${number}`),
      signalWord: ({ D: 'DANGER', W: 'WARNING', '-': null } as const)[word as 'D' | 'W' | '-'],
    };
  });

describe('the GHS hazard statement table', () => {
  it('holds every H-code of GHS rev. 9, in code order, each with its text', () => {
    expect(HAZARD_CODES).toEqual(EXPECTED.map((entry) => entry.code));
    expect(HAZARD_STATEMENTS.every((entry) => entry.text.length > 10)).toBe(true);
    expect(hazardStatement('H225')?.text).toBe('Highly flammable liquid and vapour');
    expect(hazardStatementLabel('h319')).toBe('H319 Causes serious eye irritation');
  });

  it.each(EXPECTED)('$code alone derives $pictograms and $signalWord', ({ code, pictograms, signalWord }) => {
    expect(derivePictograms([code])).toEqual(pictograms);
    expect(deriveSignalWord([code])).toBe(signalWord);
  });

  it('groups codes by their hundreds', () => {
    expect(hazardStatement('H290')?.group).toBe('physical');
    expect(hazardStatement('H373')?.group).toBe('health');
    expect(hazardStatement('H420')?.group).toBe('environmental');
  });
});

describe('codes as written by people', () => {
  it('reads any case, drops duplicates and unknown codes, and sorts by code', () => {
    expect(normalizeHazardCodes(['h319', 'H225', ' H319 ', 'H999', 'H300+H310'])).toEqual(['H225', 'H319']);
    expect(hazardStatement('H999')).toBeUndefined();
  });

  it('keeps lettered codes that differ only in case apart, and reads another case only where it names one code', () => {
    expect(normalizeHazardCodes(['H360Fd', 'H360FD', 'H360Df'])).toEqual(['H360FD', 'H360Fd', 'H360Df']);
    expect(hazardStatement('H360Fd')?.text).toBe(
      'May damage fertility. Suspected of damaging the unborn child',
    );
    expect(hazardStatement('H360FD')?.text).toBe('May damage fertility. May damage the unborn child');
    expect(normalizeHazardCodes(['h350I', 'h361FD', 'h360f'])).toEqual(['H350i', 'H360F', 'H361fd']);
    // H360FD or H360Fd: the case is the only thing telling them apart.
    expect(hazardStatement('h360fd')).toBeUndefined();
  });
});

describe('a label of several codes', () => {
  it('shows each pictogram once, in GHS order', () => {
    expect(derivePictograms(['H319', 'H225', 'H336'])).toEqual(['GHS02', 'GHS07']);
    expect(derivePictograms(['H410', 'H271', 'H241'])).toEqual(['GHS01', 'GHS02', 'GHS03', 'GHS09']);
    expect(derivePictograms([])).toEqual([]);
  });

  it('has "Danger" when any code calls for it, replacing "Warning"', () => {
    expect(deriveSignalWord(['H226', 'H319'])).toBe('WARNING');
    expect(deriveSignalWord(['H226', 'H318', 'H319'])).toBe('DANGER');
    expect(deriveSignalWord(['H411', 'H412'])).toBeNull();
    expect(deriveSignalWord(['H411', 'H302'])).toBe('WARNING');
  });
});

describe('pictogram precedence (GHS rev. 9, 1.4.10.5.3.1)', () => {
  it('(a) the skull and crossbones removes the exclamation mark, whatever it stood for', () => {
    expect(derivePictograms(['H301', 'H302'])).toEqual(['GHS06']);
    expect(derivePictograms(['H331', 'H315', 'H317', 'H335'])).toEqual(['GHS06']);
  });

  it('(b) corrosion removes the exclamation mark for skin or eye irritation only', () => {
    expect(derivePictograms(['H314', 'H315', 'H319'])).toEqual(['GHS05']);
    expect(derivePictograms(['H318', 'H319'])).toEqual(['GHS05']);
    expect(derivePictograms(['H290', 'H315'])).toEqual(['GHS05']);
    expect(derivePictograms(['H314', 'H317'])).toEqual(['GHS05', 'GHS07']);
    expect(derivePictograms(['H314', 'H302'])).toEqual(['GHS05', 'GHS07']);
    expect(derivePictograms(['H314', 'H335'])).toEqual(['GHS05', 'GHS07']);
  });

  it('(c) the health hazard symbol for respiratory sensitisation removes it for skin sensitisation and irritation', () => {
    expect(derivePictograms(['H334', 'H317'])).toEqual(['GHS08']);
    expect(derivePictograms(['H334', 'H315', 'H319'])).toEqual(['GHS08']);
    expect(derivePictograms(['H334', 'H317', 'H332'])).toEqual(['GHS07', 'GHS08']);
  });

  it('keeps the exclamation mark beside the health hazard symbol for anything else', () => {
    expect(derivePictograms(['H350', 'H317'])).toEqual(['GHS07', 'GHS08']);
    expect(derivePictograms(['H372', 'H315'])).toEqual(['GHS07', 'GHS08']);
  });
});
