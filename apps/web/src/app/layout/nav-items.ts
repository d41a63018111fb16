import {
  ArrowLeftRight,
  Bell,
  BookOpen,
  FolderHeart,
  Hammer,
  Heart,
  Home,
  Layers,
  LayoutDashboard,
  Library,
  Scale,
  ScanLine,
  Settings,
  Shield,
  Trophy,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  key: string;
  to: string;
  icon: LucideIcon;
  /** Needs a signed-in account. */
  auth?: boolean;
  admin?: boolean;
  /** The page exists. Entries whose feature has not been built yet are left out of the menu. */
  ready: boolean;
}

/** The sidebar entries of spec §2, in its order. */
export const NAV_ITEMS: NavItem[] = [
  { key: 'home', to: '/', icon: Home, ready: true },
  { key: 'dashboard', to: '/dashboard', icon: LayoutDashboard, auth: true, ready: true },
  { key: 'deckBuilder', to: '/deck/new', icon: Hammer, auth: true, ready: true },
  { key: 'library', to: '/cards', icon: Library, ready: true },
  { key: 'sets', to: '/sets', icon: Layers, ready: true },
  { key: 'meta', to: '/meta', icon: Trophy, ready: true },
  { key: 'myDecks', to: '/mydecks', icon: BookOpen, auth: true, ready: true },
  { key: 'collection', to: '/collection', icon: FolderHeart, auth: true, ready: true },
  { key: 'scan', to: '/scan', icon: ScanLine, auth: true, ready: true },
  { key: 'wishlist', to: '/wishlist', icon: Heart, auth: true, ready: true },
  { key: 'trades', to: '/trades', icon: ArrowLeftRight, auth: true, ready: true },
  { key: 'watchlist', to: '/watchlist', icon: Bell, auth: true, ready: true },
  { key: 'priceComparison', to: '/price-comparison', icon: Scale, auth: true, ready: true },
  { key: 'settings', to: '/settings', icon: Settings, ready: true },
  { key: 'profile', to: '/profile', icon: User, auth: true, ready: true },
  { key: 'contributors', to: '/contributors', icon: Users, ready: true },
  { key: 'admin', to: '/admin', icon: Shield, auth: true, admin: true, ready: true },
];
