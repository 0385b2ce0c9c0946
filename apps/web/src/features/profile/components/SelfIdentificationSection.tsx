import type { ReactNode } from 'react';
import { ProfileSection } from './ProfileSection';

/** The profile's optional self-identification card (issue 35): never required, removable at any time. */
export function SelfIdentificationSection({ children }: { children: ReactNode }) {
  return (
    <ProfileSection
      id="self-id"
      title={
        <>
          Voluntary self-identification <span className="text-sm font-normal text-slate-500">(optional)</span>
        </>
      }
    >
      <div className="mt-3">{children}</div>
    </ProfileSection>
  );
}
