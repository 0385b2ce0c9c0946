import type { ComponentProps } from 'react';
import { useNavigate } from 'react-router';

type Props = Omit<ComponentProps<'button'>, 'type' | 'onClick'> & {
  /** Where a click leads. */
  to: string;
};

/** A button that opens another page of the app (a button to screen readers, not a link). */
export function NavButton({ to, ...props }: Props) {
  const navigate = useNavigate();
  return <button type="button" onClick={() => navigate(to)} {...props} />;
}
