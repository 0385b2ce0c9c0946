/**
 * An ISO 20022 pain.001.001.09 customer credit transfer initiation (decision 0206): one payment
 * information block from the provider's account, one CdtTrfTxInf per payee. NbOfTxs and CtrlSum are
 * counted and summed in integer cents, then written with two decimals (never float sums).
 */

export type SepaCredit = {
  iban: string;
  bic: string | null;
  name: string;
  cents: number;
  /** End-to-end id the payee's bank shows back (the payout request), up to 35 characters. */
  endToEndId: string;
  remittance: string;
};

export type SepaOrigin = { name: string; iban: string; bic: string; currency: string };

export type Pain001Input = {
  messageId: string;
  createdAt: Date;
  executionDate: Date;
  origin: SepaOrigin;
  credits: SepaCredit[];
};

/** IBAN check: move the first four characters to the end, letters to 10-35, mod 97 must be 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest === 1;
}

export const BIC_PATTERN = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** Cents as an ISO 20022 decimal amount, e.g. 123456 → "1234.56". */
export const centsToDecimal = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The SEPA character set (Latin letters, digits, / - ? : ( ) . , ' + space); accents are stripped. */
export function sepaText(value: string, max: number): string {
  const clean = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
  return escapeXml(clean || '-');
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export function buildPain001(input: Pain001Input): string {
  const { origin, credits } = input;
  if (!isValidIban(origin.iban) || !BIC_PATTERN.test(origin.bic)) throw new Error('Invalid originator account');
  let total = 0;
  for (const c of credits) {
    if (!Number.isSafeInteger(c.cents) || c.cents <= 0) throw new Error('Amounts are positive whole cents');
    if (!isValidIban(c.iban)) throw new Error('Invalid payee IBAN');
    if (c.bic && !BIC_PATTERN.test(c.bic)) throw new Error('Invalid payee BIC');
    total += c.cents;
  }
  const n = credits.length;
  const ccy = escapeXml(origin.currency);
  const tx = credits
    .map(
      (c) => `      <CdtTrfTxInf>
        <PmtId><EndToEndId>${sepaText(c.endToEndId, 35)}</EndToEndId></PmtId>
        <Amt><InstdAmt Ccy="${ccy}">${centsToDecimal(c.cents)}</InstdAmt></Amt>${
          c.bic ? `\n        <CdtrAgt><FinInstnId><BICFI>${c.bic}</BICFI></FinInstnId></CdtrAgt>` : ''
        }
        <Cdtr><Nm>${sepaText(c.name, 70)}</Nm></Cdtr>
        <CdtrAcct><Id><IBAN>${c.iban.replace(/\s+/g, '').toUpperCase()}</IBAN></Id></CdtrAcct>
        <RmtInf><Ustrd>${sepaText(c.remittance, 140)}</Ustrd></RmtInf>
      </CdtTrfTxInf>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>${sepaText(input.messageId, 35)}</MsgId>
      <CreDtTm>${input.createdAt.toISOString().slice(0, 19)}</CreDtTm>
      <NbOfTxs>${n}</NbOfTxs>
      <CtrlSum>${centsToDecimal(total)}</CtrlSum>
      <InitgPty><Nm>${sepaText(origin.name, 70)}</Nm></InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>${sepaText(input.messageId, 35)}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <BtchBookg>true</BtchBookg>
      <NbOfTxs>${n}</NbOfTxs>
      <CtrlSum>${centsToDecimal(total)}</CtrlSum>${
        origin.currency === 'EUR' ? '\n      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' : ''
      }
      <ReqdExctnDt><Dt>${isoDate(input.executionDate)}</Dt></ReqdExctnDt>
      <Dbtr><Nm>${sepaText(origin.name, 70)}</Nm></Dbtr>
      <DbtrAcct><Id><IBAN>${origin.iban}</IBAN></Id></DbtrAcct>
      <DbtrAgt><FinInstnId><BICFI>${origin.bic}</BICFI></FinInstnId></DbtrAgt>
      <ChrgBr>${origin.currency === 'EUR' ? 'SLEV' : 'SHAR'}</ChrgBr>
${tx}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>
`;
}
