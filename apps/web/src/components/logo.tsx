export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b1020" />
      <circle cx="32" cy="32" r="20" fill="none" stroke="#f5b82e" strokeWidth="5" />
      <path d="M32 12v40M12 32h40" stroke="#f5b82e" strokeWidth="5" strokeLinecap="round" />
      <circle cx="32" cy="32" r="6" fill="#e0483e" />
    </svg>
  );
}
