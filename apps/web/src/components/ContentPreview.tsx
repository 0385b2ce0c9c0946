import { useState } from 'react';
import { FileText, ImageOff } from 'lucide-react';
import type { DataToAnnotate } from '@app/shared';
import { absoluteUrl } from '../lib/api-client';

/**
 * Renders the item to rate by data type (docs/product/screens/task.md); no type means a transcript.
 * The review queue shows the same (what the rater saw), `compact` in its side panel: nothing taller than 20rem;
 * so does the interview's work sample (issue 46), which is why it lives with the shared components.
 */
export function ContentPreview({ data, compact = false }: { data: DataToAnnotate; compact?: boolean }) {
  const [imageFailed, setImageFailed] = useState(false);
  const url = absoluteUrl(data.data_url);
  const boxHeight = compact ? 'max-h-80' : 'max-h-96';
  const textBox = `${boxHeight} overflow-y-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800`;

  switch (data.data_type) {
    case 'text':
      return (
        <div tabIndex={0} aria-label="Text content" className={textBox}>
          {data.data_content?.text ?? ''}
        </div>
      );
    case 'image':
      return imageFailed || !url ? (
        <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-10 text-center">
          <ImageOff className="h-8 w-8 text-slate-400" aria-hidden />
          <p className="font-medium text-slate-700">Image not available</p>
          <p className="text-sm text-slate-500">File may have been moved or deleted</p>
        </div>
      ) : (
        <img
          src={url}
          alt={data.title || 'Creative work'}
          onError={() => setImageFailed(true)}
          className={`${compact ? 'max-h-80' : 'max-h-[32rem]'} w-full rounded-lg border border-slate-200 bg-slate-50 object-contain`}
        />
      );
    case 'video':
      return (
        <video
          src={url}
          controls
          className={`${compact ? 'max-h-80 ' : ''}w-full rounded-lg bg-black`}
          aria-label="Video content"
        />
      );
    case 'audio':
      return <audio src={url} controls className="w-full" aria-label="Audio content" />;
    case 'document':
      return (
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          <FileText className="h-4 w-4" aria-hidden />
          Open Document
        </a>
      );
    default: {
      const transcript = data.transcript;
      if (Array.isArray(transcript)) {
        return (
          <ol
            className={`${boxHeight} space-y-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm`}
          >
            {transcript.map((turn, i) => (
              <li key={i}>
                <span className="font-semibold capitalize text-slate-900">{turn.speaker}:</span>{' '}
                <span className="text-slate-700">{turn.text}</span>
              </li>
            ))}
          </ol>
        );
      }
      return <div className={textBox}>{transcript || 'No content to preview.'}</div>;
    }
  }
}
