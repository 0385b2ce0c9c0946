import { ResumeDropZone } from '../../../components/ResumeDropZone';
import { ResumeOnFileNote } from '../../../components/ResumeOnFileNote';
import { FileLink } from '../../../components/FileLink';

/** The resume step: the resume on file (if any) and the upload area. */
type Props = { resumeUrl: string; resumeName: string; uploading: boolean; onFile: (file: File) => void };

export function ResumeStep({ resumeUrl, resumeName, uploading, onFile }: Props) {
  return (
    <div className="space-y-4">
      {resumeUrl && !uploading && (
        <ResumeOnFileNote>
          <p className="font-medium">{resumeName ? `Uploaded: ${resumeName}` : 'We have your resume on file.'}</p>
          <FileLink url={resumeUrl} className="text-green-700 underline">
            View resume
          </FileLink>
          <p className="text-green-700">You can upload a newer one below, or continue.</p>
        </ResumeOnFileNote>
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
