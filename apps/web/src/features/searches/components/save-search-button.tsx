import { BookmarkPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The dialog's code is fetched the first time the button is used. */
const SaveSearchDialog = lazy(() => import('./save-search-dialog').then((m) => ({ default: m.SaveSearchDialog })));

/** "Save search" beside the library's query box: names the query and keeps it (the sidebar lists it). */
export function SaveSearchButton({ q }: { q: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A new dialog for each opening: its name starts from the query shown then.
  const [opened, setOpened] = useState(0);
  return (
    <>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened((n) => n + 1);
          setOpen(true);
        }}
        data-testid="save-search"
      >
        <BookmarkPlus className="h-4 w-4" aria-hidden />
        {t('savedSearches.save')}
      </Button>
      {opened > 0 && (
        <Suspense fallback={null}>
          <SaveSearchDialog key={opened} q={q} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
