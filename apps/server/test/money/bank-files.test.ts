import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { buildNachaFile, entryHash, isValidRoutingNumber, type AchCredit, type AchOrigin } from '../../src/money/nacha';
import { buildPain001, centsToDecimal, isValidIban, type SepaCredit } from '../../src/money/pain001';

// A NACHA reader we did not write (published by a bank), to read our files back.
const nacha = createRequire(import.meta.url)('@midlandsbank/node-nacha') as {
  from: (text: string) => { to: (format: 'json') => string };
};

const origin: AchOrigin = {
  odfiRouting: '021000021',
  destinationRouting: '021000021',
  destinationName: 'JPMorgan Chase',
  companyName: 'Talent Market',
  companyId: '1234567890',
};
const credit = (routing: string, cents: number, name = 'Ana Müller'): AchCredit => ({
  routingNumber: routing,
  accountNumber: '000123456789',
  cents,
  name,
  individualId: 'REQ0001',
});
const when = new Date('2026-11-27T15:04:00Z');

describe('ABA routing numbers', () => {
  it('accepts real routing numbers and refuses a wrong check digit or prefix', () => {
    for (const r of ['021000021', '011000015', '026009593', '121000358', '322271627']) {
      expect(isValidRoutingNumber(r)).toBe(true);
    }
    expect(isValidRoutingNumber('021000022')).toBe(false); // check digit off by one
    expect(isValidRoutingNumber('131000025')).toBe(false); // prefix 13 is never issued
    expect(isValidRoutingNumber('02100002')).toBe(false);
    expect(isValidRoutingNumber('02100002a')).toBe(false);
  });
});

describe('NACHA PPD file', () => {
  const credits = [credit('011000015', 123456), credit('026009593', 1), credit('121000358', 99999)];
  const text = buildNachaFile({ origin, credits, createdAt: when, effectiveDate: when, fileIdModifier: 'A' });
  const lines = text.trimEnd().split('\n');

  it('writes 94-character ASCII records blocked by ten, padded with all-9 records', () => {
    expect(lines.length % 10).toBe(0);
    expect(lines).toHaveLength(10);
    for (const l of lines) {
      expect(l).toHaveLength(94);
      expect(l).toMatch(/^[\x20-\x7e]+$/);
    }
    expect(lines.map((l) => l[0]).join('')).toBe('1566689999');
    expect(lines[7]).toBe('9'.repeat(94));
    expect(lines[0]!.slice(34, 40)).toBe('094101'); // record size 094, blocking 10, format 1
  });

  it('carries PPD, PAYROLL, the check digits, and exact control totals', () => {
    expect(lines[1]!.slice(50, 63)).toBe('PPDPAYROLL   ');
    expect(lines[2]!.slice(1, 3)).toBe('22');
    expect(lines[2]!.slice(3, 12)).toBe('011000015');
    expect(lines[2]!.slice(29, 39)).toBe('0000123456');
    expect(lines[2]!.slice(54, 76)).toBe('ANA MULLER            '); // transliterated
    // Entry hash: 01100001 + 02600959 + 12100035 = 15800995.
    expect(entryHash(credits.map((c) => c.routingNumber))).toBe('0015800995');
    const batchControl = lines[5]!;
    expect(batchControl.slice(4, 10)).toBe('000003');
    expect(batchControl.slice(10, 20)).toBe('0015800995');
    expect(batchControl.slice(20, 32)).toBe('000000000000');
    expect(batchControl.slice(32, 44)).toBe(String(123456 + 1 + 99999).padStart(12, '0'));
    const fileControl = lines[6]!;
    expect(fileControl.slice(1, 7)).toBe('000001'); // batches
    expect(fileControl.slice(7, 13)).toBe('000001'); // blocks
    expect(fileControl.slice(13, 21)).toBe('00000003'); // entries
    expect(fileControl.slice(21, 31)).toBe('0015800995');
    expect(fileControl.slice(43, 55)).toBe('000000223456');
  });

  it('keeps only the rightmost ten digits of a large entry hash', () => {
    const many = Array.from({ length: 2000 }, () => '999999999');
    // 2000 × 99999999 = 199999998000, rightmost ten digits.
    expect(entryHash(many)).toBe('9999998000');
  });

  it('is read back by an independent NACHA parser with the same entries and totals', () => {
    const parsed = JSON.parse(nacha.from(text).to('json')) as {
      file: { recordSize: string; blockingFactor: string; footer: Record<string, number> };
      batches: Array<{
        entryClassCode: string;
        entries: Array<{ amount: number; receivingDFIIdentification: number; checkDigit: number; dfiAccount: string }>;
        footer: Record<string, number>;
      }>;
    };
    const batch = parsed.batches[0]!;
    expect(batch.entryClassCode).toBe('PPD');
    expect(batch.entries.map((e) => e.amount)).toEqual([123456, 1, 99999]);
    expect(batch.entries.map((e) => `${String(e.receivingDFIIdentification).padStart(8, '0')}${e.checkDigit}`)).toEqual(
      ['011000015', '026009593', '121000358'],
    );
    expect(batch.footer).toMatchObject({
      entryAndAddendaCount: 3,
      entryHash: 15800995,
      totalDebit: 0,
      totalCredit: 223456,
    });
    expect(parsed.file.footer).toMatchObject({
      batchCount: 1,
      blockCount: 1,
      entryAndAddendaCount: 3,
      entryHash: 15800995,
      totalCredit: 223456,
    });
  });

  it('refuses a payee with a bad routing number or a non-positive amount', () => {
    const build = (c: AchCredit) =>
      buildNachaFile({ origin, credits: [c], createdAt: when, effectiveDate: when, fileIdModifier: 'A' });
    expect(() => build(credit('021000022', 100))).toThrow(/routing/);
    expect(() => build(credit('021000021', 0))).toThrow(/cents/);
    expect(() => build(credit('021000021', 10.5))).toThrow(/cents/);
  });
});

describe('ISO 20022 pain.001.001.09', () => {
  it('checks IBANs by mod 97', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB29NWBK60161331926819')).toBe(true);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('XX')).toBe(false);
  });

  it('writes NbOfTxs and CtrlSum exactly from integer cents (no float drift)', () => {
    // 0.1 + 0.2 style amounts: ten credits of 10 cents and ten of 20 cents sum to exactly 3.00.
    const credits: SepaCredit[] = Array.from({ length: 20 }, (_, i) => ({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      name: `Zoë <O'Brien> & Co ${i}`,
      cents: i < 10 ? 10 : 20,
      endToEndId: `REQ-${i}`,
      remittance: 'Payout 2026-11-30',
    }));
    const xml = buildPain001({
      messageId: 'BATCH-1',
      createdAt: when,
      executionDate: when,
      origin: { name: 'Talent Market', iban: 'GB29NWBK60161331926819', bic: 'NWBKGB2L', currency: 'EUR' },
      credits,
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml);
    const root = doc.Document.CstmrCdtTrfInitn;
    expect(doc.Document['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(root.GrpHdr.NbOfTxs).toBe('20');
    expect(root.GrpHdr.CtrlSum).toBe('3.00');
    expect(root.PmtInf.CtrlSum).toBe('3.00');
    expect(root.PmtInf.ReqdExctnDt.Dt).toBe('2026-11-27');
    expect(root.PmtInf.DbtrAgt.FinInstnId.BICFI).toBe('NWBKGB2L');
    const txs = root.PmtInf.CdtTrfTxInf as Array<{
      Amt: { InstdAmt: { '#text': string; '@_Ccy': string } };
      Cdtr: { Nm: string };
    }>;
    expect(txs).toHaveLength(20);
    expect(txs[0]!.Amt.InstdAmt).toEqual({ '#text': '0.10', '@_Ccy': 'EUR' });
    expect(txs[0]!.Cdtr.Nm).toBe("Zoe O'Brien Co 0"); // SEPA character set
    const sum = txs.reduce((acc, t) => acc + Math.round(Number(t.Amt.InstdAmt['#text']) * 100), 0);
    expect(sum).toBe(300);
  });

  it('writes amounts with two decimals from cents', () => {
    expect(centsToDecimal(1)).toBe('0.01');
    expect(centsToDecimal(123456789)).toBe('1234567.89');
    expect(centsToDecimal(100)).toBe('1.00');
  });
});
