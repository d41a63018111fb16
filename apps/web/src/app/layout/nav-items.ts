import {
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
  Settings,
  Shield,
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
}

/** The sidebar entries of spec §2, in its order. */
export const NAV_ITEMS: NavItem[] = [
  { key: 'home', to: '/', icon: Home },
  { key: 'dashboard', to: '/dashboard', icon: LayoutDashboard, auth: true },
  { key: 'deckBuilder', to: '/deck/new', icon: Hammer, auth: true },
  { key: 'library', to: '/cards', icon: Library },
  { key: 'sets', to: '/sets', icon: Layers },
  { key: 'myDecks', to: '/mydecks', icon: BookOpen, auth: true },
  { key: 'collection', to: '/collection', icon: FolderHeart, auth: true },
  { key: 'wishlist', to: '/wishlist', icon: Heart, auth: true },
  { key: 'watchlist', to: '/watchlist', icon: Bell, auth: true },
  { key: 'priceComparison', to: '/price-comparison', icon: Scale, auth: true },
  { key: 'settings', to: '/settings', icon: Settings },
  { key: 'profile', to: '/profile', icon: User, auth: true },
  { key: 'contributors', to: '/contributors', icon: Users },
  { key: 'admin', to: '/admin', icon: Shield, auth: true, admin: true },
];
