import { useState } from 'react';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'h-8 w-8 text-sm', md: 'h-10 w-10 text-base', lg: 'h-16 w-16 text-2xl', xl: 'h-24 w-24 text-4xl' } as const;

/**
 * A user's avatar (always from our origin: an upload, or a linked picture the server fetched), or the first letter of
 * their name on the accent colour — also when the picture cannot be had. Decorative: the name is always beside it.
 */
export function UserAvatar({ user, size = 'md', className }: { user: { username: string | null; displayName: string | null; avatarUrl: string | null }; size?: keyof typeof SIZES; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const name = user.displayName || user.username || '?';
  const classes = cn('shrink-0 rounded-full', SIZES[size], className);
  return user.avatarUrl && failed !== user.avatarUrl ? (
    <img src={user.avatarUrl} alt="" className={cn(classes, 'bg-surface-2 object-cover')} loading="lazy" decoding="async" onError={() => setFailed(user.avatarUrl)} />
  ) : (
    <span aria-hidden className={cn(classes, 'flex items-center justify-center bg-accent font-bold text-accent-fg')}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
