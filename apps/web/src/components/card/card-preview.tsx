import type { Card } from '@grandline/core/contracts/cards';
import { HoverCard } from 'radix-ui';
import { useEffect, useRef, useState, type PointerEvent, type ReactElement } from 'react';
import { CardImage } from './card-image';

/** How long a finger rests on a card before its preview opens, and how far it may drift (a scroll cancels). */
const LONG_PRESS_MS = 450;
const DRIFT_PX = 10;

type PreviewCard = Pick<Card, 'id' | 'name' | 'cardNumber' | 'colors' | 'artworkUrl' | 'cardType'>;

/**
 * A card's image, large, beside a list entry: on hover with a mouse (after a short delay), and on a long press on
 * touch screens, where the press then does not follow the link or add the card, and the next touch anywhere closes
 * it. The child (a link or a button) keeps its own behaviour; the preview is for the eyes only (the entry already
 * names the card for assistive technology).
 */
export function CardPreview({ card, children }: { card: PreviewCard; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const [byTouch, setByTouch] = useState(false);
  const press = useRef<{ timer: number; x: number; y: number } | null>(null);
  const longPressed = useRef(false);

  const cancel = () => {
    if (press.current) window.clearTimeout(press.current.timer);
    press.current = null;
  };
  useEffect(() => cancel, []);
  useEffect(() => {
    if (!open || !byTouch) return;
    // Opened by a long press: the next touch anywhere closes it (the finger's release is not a new touch).
    const close = () => {
      setOpen(false);
      setByTouch(false);
    };
    document.addEventListener('pointerdown', close, { capture: true });
    window.addEventListener('scroll', close, { passive: true });
    return () => {
      document.removeEventListener('pointerdown', close, { capture: true });
      window.removeEventListener('scroll', close);
    };
  }, [open, byTouch]);

  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') return;
    longPressed.current = false;
    cancel();
    press.current = {
      x: e.clientX,
      y: e.clientY,
      timer: window.setTimeout(() => {
        press.current = null;
        longPressed.current = true;
        setByTouch(true);
        setOpen(true);
      }, LONG_PRESS_MS),
    };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (press.current && Math.hypot(e.clientX - press.current.x, e.clientY - press.current.y) > DRIFT_PX) cancel();
  };

  return (
    <HoverCard.Root
      open={open}
      onOpenChange={(next) => {
        if (byTouch && next) return;
        setOpen(next);
        if (!next) setByTouch(false);
      }}
      openDelay={300}
      closeDelay={80}
    >
      <HoverCard.Trigger
        asChild
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={cancel}
        onPointerCancel={cancel}
        onContextMenu={(e) => {
          // Android opens a context menu on a long press: the preview replaces it.
          if (longPressed.current || press.current) e.preventDefault();
        }}
        onClickCapture={(e) => {
          if (!longPressed.current) return;
          // The press that opened the preview does not also follow the link or add the card.
          longPressed.current = false;
          e.preventDefault();
          e.stopPropagation();
        }}
        className="[-webkit-touch-callout:none]"
      >
        {children}
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          side="right"
          align="center"
          sideOffset={12}
          collisionPadding={12}
          className="pointer-events-none z-50 w-56 rounded-[4.5%] shadow-2xl sm:w-64"
          data-testid="card-preview"
          aria-hidden
        >
          <CardImage card={card} eager sizes="256px" />
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
