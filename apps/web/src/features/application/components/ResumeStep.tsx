import { FileText, Loader2, UploadCloud } from 'lucide-react';
import { RESUME_EXTENSIONS } from '@app/shared';
import { absoluteUrl } from '../../../lib/api-client';
import { openFileLink } from '../../../lib/open-file';

/** The resume step: the resume on file (if any) and the upload area. */
export function ResumeStep({
  resumeUrl,
  resumeName,
  uploading,
  onFile,
}: {
  resumeUrl: string;
  resumeName: string;
  uploading: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <div className="space-y-4">
      {resumeUrl && !uploading && (
        <div className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
          <FileText className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <div>
            <p className="font-medium">{resumeName ? `Uploaded: ${resumeName}` : 'We have your resume on file.'}</p>
            <a
              href={absoluteUrl(resumeUrl)}
              onClick={(e) => openFileLink(e, resumeUrl)}
              target="_blank"
              rel="noreferrer"
              className="text-green-700 underline"
            >
              View resume
            </a>
            <p className="text-green-700">You can upload a newer one below, or continue.</p>
          </div>
        </div>
      )}
      <label
        htmlFor="application-resume"
        className="flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed border-slate-300 px-6 py-8 text-center hover:border-brand-400 hover:bg-slate-50"
      >
        {uploading ? (
          <Loader2 className="h-9 w-9 animate-spin text-brand-600" aria-hidden />
        ) : (
          <UploadCloud className="h-9 w-9 text-brand-600" aria-hidden />
        )}
        <span className="mt-2 text-sm font-medium">{uploading ? 'Uploading...' : 'Click to upload your resume'}</span>
        <span className="mt-1 text-xs text-slate-500">PDF, DOC or DOCX (maximum 10MB)</span>
        <input
          id="application-resume"
          type="file"
          aria-label="Resume file"
          accept={RESUME_EXTENSIONS.join(',')}
          className="sr-only"
          disabled={uploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void onFile(file);
            e.target.value = '';
          }}
        />
      </label>
    </div>
  );
}
