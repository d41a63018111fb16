import type { FamilyResponse } from '@grandline/core/contracts/family';
import { FamilyInviteRequest } from '@grandline/core/contracts/family';
import { Library, Mail, UserMinus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText, validationText } from '@/lib/error-text';
import { formatDate, formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { familyApi, useFamily, useFamilyBinders } from '@/features/plans/api/family-api';

type Person = FamilyResponse['owner'] & {};
const nameOf = (p: Person) => p.name || p.username || '—';

/**
 * Settings → Subscription → Family: invitations received (accept, decline); for the owner (own plan Family) the
 * members (remove), pending invitations (withdraw) and the invite form; for a member the family and "Leave"; and the
 * binders the rest of the family shares. Nothing for a user with no family and no Family plan.
 */
export function FamilySection() {
  const { t } = useTranslation();
  const titleId = useId();
  const family = useFamily();
  const myId = useSession().me?.user.id;
  const inFamily = family.data?.role != null;
  const binders = useFamilyBinders(inFamily);
  // The tab shows its skeleton until the family is known (subscription-tab.tsx).
  if (family.isPending || family.isError) return null;
  const f = family.data;
  if (!f.canOwn && !f.role && !f.received.length) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 sm:p-6" data-testid="family-section">
      <div>
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
          <Users className="h-5 w-5 text-accent" aria-hidden />
          {t('family.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t(f.role === 'member' ? 'family.memberLead' : 'family.lead', { count: f.maxMembers })}</p>
      </div>
      {f.received.length > 0 && <Received family={f} />}
      {f.role === 'member' && f.owner ? <Membership family={f} owner={f.owner} /> : f.canOwn && <Members family={f} />}
      {inFamily && (
        <div>
          <h3 className="text-sm font-semibold">{t('family.sharedBinders')}</h3>
          {binders.isPending ? (
            <Skeleton className="mt-3 h-12 rounded-lg" />
          ) : binders.data?.items.length ? (
            <ul className="mt-3 divide-y divide-border rounded-xl border border-border" data-testid="family-binders">
              {binders.data.items.map((b) => (
                <li key={b.id}>
                  <Link to={`/collection/${b.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 px-3 py-2.5 text-sm hover:bg-surface-2 focus-visible:bg-surface-2">
                    <Library className="h-4 w-4 shrink-0 text-muted" aria-hidden />
                    <span className="min-w-0 flex-1 truncate font-medium">{b.name}</span>
                    <span className="basis-full truncate pl-7 text-xs text-muted sm:basis-auto sm:pl-0">
                      {t('family.binderBy', { name: b.owner.userId === myId ? t('family.you') : nameOf(b.owner), count: b.cardCount, cards: formatNumber(b.cardCount) })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted" data-testid="family-binders-empty">
              {t('family.noSharedBinders')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function Received({ family }: { family: FamilyResponse }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (id: string, action: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(id);
    try {
      await action();
      notify.success(t(done));
    } catch (err) {
      notify.error(errorText(err, failed));
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul className="flex flex-col gap-2" data-testid="family-received">
      {family.received.map((invite) => (
        <li key={invite.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-accent/30 bg-accent/5 p-3">
          <Mail className="h-4 w-4 shrink-0 text-accent" aria-hidden />
          <p className="min-w-0 flex-1 text-sm">{t('family.invitedBy', { name: nameOf(invite.from) })}</p>
          <div className="flex gap-2">
            <Button size="sm" disabled={busy !== null} onClick={() => void act(invite.id, () => familyApi.accept(invite.id), 'family.joined', 'common:family.actionFailed')} data-testid="family-accept">
              {t('family.accept')}
            </Button>
            <Button size="sm" variant="ghost" disabled={busy !== null} onClick={() => void act(invite.id, () => familyApi.deleteInvite(invite.id), 'family.declined', 'common:family.actionFailed')}>
              {t('family.decline')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Membership({ family, owner }: { family: FamilyResponse; owner: Person }) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const myId = useSession().me?.user.id;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm" data-testid="family-owner">
        {t('family.memberOf', { name: nameOf(owner) })}
      </p>
      <PeopleList people={family.members} />
      <div>
        <Button variant="secondary" size="sm" onClick={() => setLeaving(true)} data-testid="family-leave">
          {t('family.leave')}
        </Button>
      </div>
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={t('family.leaveTitle')}
        text={t('family.leaveText')}
        confirmLabel={t('family.leave')}
        cancelLabel={t('actions.cancel')}
        testId="family-leave-confirm"
        onConfirm={async () => {
          try {
            // Leaving is removing oneself.
            await familyApi.remove(myId!);
            notify.success(t('family.left'));
          } catch (err) {
            notify.error(errorText(err, 'common:family.actionFailed'));
            throw err;
          }
        }}
      />
    </div>
  );
}

function PeopleList({ people, onRemove }: { people: FamilyResponse['members']; onRemove?: (p: FamilyResponse['members'][number]) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-border rounded-xl border border-border" data-testid="family-members">
      {people.map((p) => (
        <li key={p.userId} className="flex items-center gap-3 px-3 py-2.5">
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent/10 text-sm font-semibold text-accent" aria-hidden>
            {nameOf(p).slice(0, 1).toUpperCase()}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">{nameOf(p)}</span>
            <span className="block truncate text-xs text-muted">{[p.username && `@${p.username}`, p.email].filter(Boolean).join(' · ')}</span>
          </span>
          <span className="hidden text-xs text-muted sm:inline">{t('family.since', { date: formatDate(p.joinedAt) })}</span>
          {onRemove && (
            <Button size="sm" variant="ghost" onClick={() => onRemove(p)} aria-label={t('family.removeNamed', { name: nameOf(p) })} data-testid="family-remove">
              <UserMinus className="h-4 w-4" aria-hidden />
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function Members({ family }: { family: FamilyResponse }) {
  const { t } = useTranslation();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [removing, setRemoving] = useState<FamilyResponse['members'][number] | null>(null);
  const used = family.members.length + family.invites.length;
  const full = used >= family.maxMembers;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = FamilyInviteRequest.safeParse({ email });
    if (!parsed.success) {
      setError(validationText(parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await familyApi.invite(parsed.data.email);
      setEmail('');
      notify.success(t('family.invited', { email: parsed.data.email }));
    } catch (err) {
      setError(errorText(err, 'common:family.actionFailed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{t('family.members')}</h3>
        <Badge data-testid="family-count">{t('family.count', { used, max: family.maxMembers })}</Badge>
      </div>
      {family.members.length ? <PeopleList people={family.members} onRemove={setRemoving} /> : <p className="text-sm text-muted">{t('family.noMembers')}</p>}
      {family.invites.length > 0 && (
        <ul className="flex flex-col gap-2" data-testid="family-invites">
          {family.invites.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-border px-3 py-2 text-sm">
              <Mail className="h-4 w-4 shrink-0 text-muted" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{invite.email}</span>
              <Badge>{t('family.pending')}</Badge>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  void familyApi.deleteInvite(invite.id).then(
                    () => notify.success(t('family.withdrawn')),
                    (err: unknown) => notify.error(errorText(err, 'common:family.actionFailed')),
                  )
                }
              >
                {t('family.withdraw')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate onSubmit={(e) => void submit(e)} data-testid="family-invite-form">
        <div className="min-w-0 sm:flex-1">
          <TextField
          id={emailId}
          label={t('family.inviteLabel')}
          type="email"
          autoComplete="off"
          value={email}
          disabled={full}
          hint={full ? t('family.full', { count: family.maxMembers }) : undefined}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="family-invite-email"
          />
        </div>
        <Button type="submit" className="sm:mt-6" disabled={sending || full} data-testid="family-invite">
          {t('family.invite')}
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('family.removeTitle')}
        text={t('family.removeText', { name: removing ? nameOf(removing) : '' })}
        confirmLabel={t('family.remove')}
        cancelLabel={t('actions.cancel')}
        testId="family-remove-confirm"
        onConfirm={async () => {
          try {
            await familyApi.remove(removing!.userId);
            notify.success(t('family.removed'));
          } catch (err) {
            notify.error(errorText(err, 'common:family.actionFailed'));
            throw err;
          }
        }}
      />
    </div>
  );
}
