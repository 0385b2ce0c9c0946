import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Briefcase, LayoutGrid, LogOut, Shield, User as UserIcon } from 'lucide-react';
import { PRODUCT_NAME } from '@app/shared';
import { useAuth } from '../lib/auth';

const NAV = [
  { to: '/', label: 'Opportunities', icon: LayoutGrid, end: true },
  { to: '/jobs', label: 'Jobs', icon: Briefcase, end: false },
  { to: '/profile', label: 'Profile', icon: UserIcon, end: false },
];

type NavItem = (typeof NAV)[number];
type ItemClass = (state: { isActive: boolean }) => string;

const sidebarClass: ItemClass = ({ isActive }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;
const bottomBarClass: ItemClass = ({ isActive }) =>
  `flex flex-col items-center gap-0.5 px-2 text-xs ${isActive ? 'text-brand-700' : 'text-slate-500'}`;

/** The links of the main navigation, then Logout (drawn as an inactive link): in the sidebar and in the bottom bar. */
function NavItems({
  nav,
  onLogout,
  itemClass,
  iconClass,
}: {
  nav: NavItem[];
  onLogout: () => void;
  itemClass: ItemClass;
  iconClass: string;
}) {
  return (
    <>
      {nav.map(({ to, label, icon: Icon, end }) => (
        <NavLink key={to} to={to} end={end} className={itemClass}>
          <Icon className={iconClass} aria-hidden />
          {label}
        </NavLink>
      ))}
      <button type="button" onClick={onLogout} className={itemClass({ isActive: false })}>
        <LogOut className={iconClass} aria-hidden />
        Logout
      </button>
    </>
  );
}

/** Signed-in screens: a sidebar on desktop, a bottom bar on mobile (docs/product/screens/accounts.md). */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const onLogout = () => {
    logout();
    navigate('/login', { replace: true });
  };
  const nav = user?.role === 'admin' ? [...NAV, { to: '/admin', label: 'Console', icon: Shield, end: false }] : NAV;

  return (
    <div className="min-h-screen md:flex">
      <aside className="hidden w-60 shrink-0 flex-col border-r border-slate-200 bg-white md:flex md:sticky md:top-0 md:h-screen">
        <div className="px-5 py-5 text-lg font-semibold text-brand-700">{PRODUCT_NAME}</div>
        <nav aria-label="Main" className="flex flex-1 flex-col gap-1 px-3">
          <NavItems nav={nav} onLogout={onLogout} itemClass={sidebarClass} iconClass="h-4 w-4" />
        </nav>
        <div className="border-t border-slate-200 px-5 py-4 text-sm">
          <div className="text-slate-500">Logged in as</div>
          <div className="truncate font-medium" data-testid="logged-in-name">
            {user?.name || 'User'}
          </div>
        </div>
      </aside>

      <main className="min-w-0 flex-1 pb-20 md:pb-0">{children}</main>

      <nav
        aria-label="Main mobile"
        className="fixed inset-x-0 bottom-0 z-40 flex justify-around border-t border-slate-200 bg-white py-2 md:hidden"
      >
        <NavItems nav={nav} onLogout={onLogout} itemClass={bottomBarClass} iconClass="h-5 w-5" />
        <span className="sr-only">Logged in as {user?.name || 'User'}</span>
      </nav>
    </div>
  );
}
