import type { MouseEvent } from 'react';
import { absoluteUrl, apiRequest } from './api-client';

const UPLOADED_FILE = /\/api\/files\/([0-9a-f-]{36})$/i;

/**
 * Click handler for links to uploaded files (resumes). Those are readable by their owner and
 * admins only, and an <a href> cannot send the bearer token, so the click asks the server for a
 * short-lived signed link and opens that instead. Links anywhere else open as usual.
 */
export function openFileLink(event: MouseEvent<HTMLAnchorElement>, url: string | null | undefined): void {
  const match = url ? UPLOADED_FILE.exec(url) : null;
  if (!match) return;
  event.preventDefault();
  // Opened now, inside the click, so the browser does not treat it as an unrequested pop-up.
  const tab = window.open('', '_blank');
  apiRequest<{ url: string }>(`/files/${match[1]}/link`, { method: 'POST' })
    .then(({ url: signed }) => {
      if (tab) {
        tab.opener = null;
        tab.location.href = absoluteUrl(signed);
      } else {
        window.location.assign(absoluteUrl(signed));
      }
    })
    .catch((err: unknown) => {
      tab?.close();
      console.error('Could not open the file', err);
      window.alert('This file could not be opened. Please try again.');
    });
}
