import type { AnchorHTMLAttributes } from 'react';
import { absoluteUrl } from '../lib/api-client';
import { openFileLink } from '../lib/open-file';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick' | 'target' | 'rel'> & { url: string };

/** A link to a file (a résumé) that opens in a new tab; an uploaded file opens through a signed link. */
export function FileLink({ url, children, ...anchor }: Props) {
  return (
    <a {...anchor} href={absoluteUrl(url)} onClick={(e) => openFileLink(e, url)} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
