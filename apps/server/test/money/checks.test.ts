/** The checks that catch a typo before money or a tax form goes wrong: ABA, IBAN, BIC, SSN, EIN; and encryption at rest. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { abaProblem, bicProblem, ibanMod97, ibanProblem, usAccountProblem } from '../../src/money/bank-checks';
import { einProblem, ssnProblem } from '../../src/money/tin';
import { decryptSecret, encryptSecret, resolveDataKey, useDataKeys } from '../../src/money/encryption';

describe('ABA routing numbers', () => {
  it('accepts real routing numbers (3-7-1 checksum)', () => {
    // Federal Reserve Bank of Boston, JPMorgan Chase (NY), Bank of America (CA), Wells Fargo (MN).
    for (const n of ['011000015', '021000021', '121000358', '091000019']) expect(abaProblem(n)).toBeNull();
  });
  it('refuses a changed digit, a swapped pair, a bad prefix and a wrong length', () => {
    expect(abaProblem('011000016')).toMatch(/check digit/);
    expect(abaProblem('012000015')).toMatch(/check digit/);
    expect(abaProblem('201000021')).toMatch(/ not /); // no bank prefix 20
    expect(abaProblem('02100002')).toMatch(/9 digits/);
    expect(abaProblem('02100002a')).toMatch(/9 digits/);
  });
  it('takes U.S. account numbers of 4 to 17 digits', () => {
    expect(usAccountProblem('000123456789')).toBeNull();
    expect(usAccountProblem('123')).not.toBeNull();
    expect(usAccountProblem('123456789012345678')).not.toBeNull();
    expect(usAccountProblem('0000000')).not.toBeNull();
  });
});

describe('IBAN and BIC', () => {
  it('accepts valid IBANs of several countries (mod 97 = 1), with or without spaces', () => {
    for (const iban of [
      'DE89 3704 0044 0532 0130 00',
      'GB82WEST12345698765432',
      'FR1420041010050500013M02606',
      'NL91ABNA0417164300',
    ]) {
      expect(ibanProblem(iban)).toBeNull();
    }
    expect(ibanMod97('DE89370400440532013000')).toBe(1);
  });
  it('refuses a changed digit, swapped digits, a wrong length and an unknown country', () => {
    expect(ibanProblem('DE89370400440532013001')).toMatch(/check digits/);
    expect(ibanProblem('DE89370400440532031000')).toMatch(/check digits/);
    expect(ibanProblem('DE8937040044053201300')).toMatch(/22 characters/);
    expect(ibanProblem('ZZ89370400440532013000')).toMatch(/not supported/);
    expect(ibanProblem('1234')).not.toBeNull();
  });
  it('checks the BIC pattern (8 or 11)', () => {
    expect(bicProblem('COBADEFFXXX')).toBeNull();
    expect(bicProblem('DEUTDEFF')).toBeNull();
    expect(bicProblem('DEUTDEF')).not.toBeNull();
    expect(bicProblem('DEUT12FF')).not.toBeNull();
  });
});

describe('SSN and EIN', () => {
  it('accepts issued SSN ranges, with or without dashes', () => {
    expect(ssnProblem('123-45-6788')).toBeNull();
    expect(ssnProblem('665 01 0001')).toBeNull();
    expect(ssnProblem('899010001')).toBeNull();
  });
  it('refuses area 000, 666 and 900-999, group 00, serial 0000 and the known fakes', () => {
    expect(ssnProblem('000-12-3456')).toMatch(/starts with 000/);
    expect(ssnProblem('666-12-3456')).toMatch(/starts with 666/);
    expect(ssnProblem('900-12-3456')).toMatch(/starts with 900/);
    expect(ssnProblem('999-12-3456')).toMatch(/starts with 999/);
    expect(ssnProblem('123-00-4567')).toMatch(/middle/);
    expect(ssnProblem('123-45-0000')).toMatch(/last four/);
    expect(ssnProblem('123-45-6789')).not.toBeNull();
    expect(ssnProblem('111-11-1111')).not.toBeNull();
    expect(ssnProblem('12-345-678')).toMatch(/9 digits/);
  });
  it('accepts EINs with an issued prefix and refuses the prefixes never issued', () => {
    for (const ein of ['01-2345678', '12-3456789', '27-0000001', '45-1234567', '98-7654321'])
      expect(einProblem(ein)).toBeNull();
    for (const prefix of [
      '00',
      '07',
      '08',
      '09',
      '17',
      '18',
      '19',
      '28',
      '29',
      '49',
      '69',
      '70',
      '78',
      '79',
      '89',
      '96',
      '97',
    ]) {
      expect(einProblem(`${prefix}-1234567`)).toMatch(/does not issue/);
    }
    expect(einProblem('12-345678')).toMatch(/9 digits/);
  });
});

describe('encryption at rest', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tm-key-'));

  it('generates a key into the data folder once and reads it back', () => {
    const d = dir();
    const first = resolveDataKey(undefined, d);
    expect(first).toHaveLength(32);
    expect(fs.statSync(path.join(d, 'data-encryption-key')).mode & 0o777).toBe(0o600);
    expect(resolveDataKey(undefined, d).equals(first)).toBe(true);
  });

  it('round-trips, hides the text, and binds each value to its row', () => {
    useDataKeys({ dataDir: dir() });
    const stored = encryptSecret('000123456789', 'payout_methods.account:a');
    expect(stored).not.toContain('123456789');
    expect(decryptSecret(stored, 'payout_methods.account:a')).toBe('000123456789');
    expect(() => decryptSecret(stored, 'payout_methods.account:b')).toThrow();
    // Two encryptions of one value differ (random IV), so equal numbers are not visible as equal.
    expect(encryptSecret('000123456789', 'x')).not.toBe(encryptSecret('000123456789', 'x'));
  });

  it('reads values of a previous key after a rotation', () => {
    const oldKey = crypto.randomBytes(32).toString('base64');
    useDataKeys({ dataDir: dir(), DATA_ENCRYPTION_KEY: oldKey });
    const stored = encryptSecret('DE89370400440532013000', 'ctx');
    const newKey = crypto.randomBytes(32).toString('base64');
    useDataKeys({ dataDir: dir(), DATA_ENCRYPTION_KEY: newKey, DATA_ENCRYPTION_PREVIOUS_KEYS: oldKey });
    expect(decryptSecret(stored, 'ctx')).toBe('DE89370400440532013000');
    expect(encryptSecret('x', 'ctx').split('.')[1]).not.toBe(stored.split('.')[1]);
  });
});
