import { FileText } from 'lucide-react';
import { ResumeDropZone } from '../../../components/ResumeDropZone';
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
      <ResumeDropZone
        id="application-resume"
        prompt="Click to upload your resume"
        uploading={uploading}
        onFile={(file) => void onFile(file)}
      />
    </div>
  );
}
