import { useState, type DragEvent } from 'react';
import { Loader2, UploadCloud } from 'lucide-react';
import { RESUME_EXTENSIONS } from '@app/shared';

/**
 * The resume upload area of onboarding and the application wizard: click to choose a file or drop
 * one on it. The file goes to `onFile`; the input is cleared so the same file can be chosen again.
 */
export function ResumeDropZone({
  id,
  prompt,
  uploading,
  onFile,
}: {
  id: string;
  /** What the area says while idle (the screens word it differently). */
  prompt: string;
  uploading: boolean;
  onFile: (file: File) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file && !uploading) onFile(file);
  };
  return (
    <label
      htmlFor={id}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition ${
        dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 hover:border-brand-400 hover:bg-slate-50'
      }`}
    >
      {uploading ? (
        <Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden />
      ) : (
        <UploadCloud className="h-10 w-10 text-brand-600" aria-hidden />
      )}
      <span className="mt-3 text-sm font-medium text-slate-800">{uploading ? 'Uploading...' : prompt}</span>
      <span className="mt-1 text-xs text-slate-500">PDF, DOC or DOCX (maximum 10MB)</span>
      <input
        id={id}
        type="file"
        aria-label="Resume file"
        accept={RESUME_EXTENSIONS.join(',')}
        className="sr-only"
        disabled={uploading}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </label>
  );
}
