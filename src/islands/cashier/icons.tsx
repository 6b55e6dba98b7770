// Simple line icons of the deposit methods, drawn inline so no image request is needed.
const PATHS: Record<string, string> = {
  // A bank building: roof, columns, base.
  bank_transfer: 'M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18',
  // A payment card with its stripe.
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  // A shop with an awning.
  cvs: 'M4 9l1.5-5h13L20 9M4 9v11h16V9M4 9c0 1.7 1.3 3 3 3s2.7-1.3 2.7-3c0 1.7 1.3 3 2.3 3s2.3-1.3 2.3-3c0 1.7 1.3 3 2.7 3s3-1.3 3-3M10 20v-5h4v5',
  // A screen with a padlock.
  online_banking: 'M3 4h18v12H3zM8 20h8M12 16v4M10 11V9a2 2 0 014 0v2M9.5 11h5v3h-5z',
  // An ATM: its screen and the slot.
  atm: 'M4 3h16v18H4zM7 6h10v5H7zM8 15h8M9 18h6',
  // Bars of a barcode.
  barcode: 'M3 5v14M6 5v14M8 5v14M11 5v14M14 5v14M16 5v14M19 5v14M21 5v14',
  // A coin with the tether sign.
  usdt: 'M12 21a9 9 0 100-18 9 9 0 000 18zM8 7.5h8M12 7.5V17M8.5 11c1 .6 2.2.9 3.5.9s2.5-.3 3.5-.9',
};

export function MethodIcon({ method, className = '' }: { method: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={PATHS[method] ?? PATHS.card} />
    </svg>
  );
}
