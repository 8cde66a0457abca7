import { PARTNER_PERMISSIONS, ZInviteMember, type TPartnerPermission, type TPartnerProfile, type TTeamMember } from '@farha/contracts/partner';
import { Crown, Mail, UserMinus, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useInviteMember, useRemoveMember, useUpdateMemberPermissions } from '../../api/profile';
import { isolate, partnerMessage, usePartnerTranslation } from '../../i18n';
import { formatDate } from '@/lib/dates';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Flash } from '../flash';
import { ToneBadge } from '../status-badges';

type OnFlash = (kind: Flash['kind'], text: string) => void;

/** 'Gestion Équipe' (docs/product/partners.md §6; owner only). */
export function TeamTab({ profile, onFlash }: { profile: TPartnerProfile; onFlash: OnFlash }) {
  const { t } = usePartnerTranslation();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TTeamMember | null>(null);
  const remove = useRemoveMember();
  const members = profile.teamMembers;
  const owner = members.find((m) => m.role === 'owner');
  const staff = members.filter((m) => m.role !== 'owner');

  return (
    <Card>
      <CardHeader className="flex-col gap-3 space-y-0 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle className="text-base" data-testid="team-title">
          {/* docs/product/partners.md §6: N = staff count plus one (the owner). */}
          {t('profile.team.title', { count: staff.length + 1 })}
        </CardTitle>
        <Button onClick={() => setInviting(true)} data-testid="invite-member">
          <UserPlus aria-hidden />
          {t('profile.team.invite')}
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border" data-testid="team-list">
          {owner && (
            <li className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-semibold">
                  <Crown aria-hidden className="size-4 text-secondary" />
                  {owner.name}
                </p>
                <p className="truncate text-sm text-muted-foreground">
                  <span dir="ltr">{owner.email}</span>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <ToneBadge tone="info">{t('profile.owner')}</ToneBadge>
                <ToneBadge tone="success">{t('profile.team.allAccess')}</ToneBadge>
              </div>
            </li>
          )}
          {staff.map((member) => (
            <StaffRow key={member.id} member={member} onRemove={() => setRemoving(member)} onFlash={onFlash} />
          ))}
        </ul>
        {staff.length === 0 && <p className="pt-2 text-sm text-muted-foreground">{t('profile.team.noStaff')}</p>}
      </CardContent>

      <InviteDialog open={inviting} onClose={() => setInviting(false)} onFlash={onFlash} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('profile.team.removeTitle')}
        description={removing ? t('profile.team.removeText', { name: removing.name || isolate(removing.email) }) : undefined}
        confirmLabel={t('profile.team.remove')}
        destructive
        pending={remove.isPending}
        cancelLabel={t('common.cancel')}
        className="max-w-md"
        confirmTestId="member-remove-confirm"
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: (answer) => onFlash('success', partnerMessage(answer.message)),
            onError: (error) => onFlash('error', partnerMessage(error)),
            onSettled: () => setRemoving(null),
          })
        }
      />
    </Card>
  );
}

function StaffRow({ member, onRemove, onFlash }: { member: TTeamMember; onRemove: () => void; onFlash: OnFlash }) {
  const { t, locale } = usePartnerTranslation();
  const update = useUpdateMemberPermissions();
  const [permissions, setPermissions] = useState<TPartnerPermission[]>(member.permissions);

  function toggle(permission: TPartnerPermission, checked: boolean) {
    const next = checked ? [...permissions, permission] : permissions.filter((p) => p !== permission);
    const previous = permissions;
    setPermissions(next);
    update.mutate(
      { id: member.id, permissions: next },
      {
        onSuccess: (answer) => onFlash('success', partnerMessage(answer.message)),
        onError: (error) => {
          setPermissions(previous);
          onFlash('error', partnerMessage(error));
        },
      },
    );
  }

  return (
    <li className="space-y-3 py-3" data-testid="team-member">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{member.name || member.email}</p>
          <p className="truncate text-sm text-muted-foreground">
            <span dir="ltr">{member.email}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            {member.invitationPending || !member.joinedAt
              ? t('profile.team.pending', { date: member.invitedAt ? formatDate(member.invitedAt, locale) : '—' })
              : t('profile.team.joined', { date: formatDate(member.joinedAt, locale) })}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <ToneBadge tone={member.invitationPending ? 'warning' : 'neutral'}>
            {member.invitationPending ? t('profile.team.invited') : t('profile.staff')}
          </ToneBadge>
          <Button variant="outline" size="sm" className="text-destructive" onClick={onRemove} data-testid="member-remove">
            <UserMinus aria-hidden />
            {t('profile.team.remove')}
          </Button>
        </div>
      </div>
      <fieldset className="grid grid-cols-1 gap-x-4 sm:grid-cols-2" disabled={update.isPending}>
        <legend className="sr-only">{t('profile.team.permissionsOf', { name: member.name || member.email })}</legend>
        {PARTNER_PERMISSIONS.map((permission) => {
          const id = `perm-${member.id}-${permission}`;
          return (
            <div key={permission} className="flex items-center gap-2.5">
              <Checkbox id={id} checked={permissions.includes(permission)} onCheckedChange={(checked) => toggle(permission, checked === true)} />
              <Label htmlFor={id} className="flex min-h-10 flex-1 cursor-pointer items-center font-normal">
                {t(`permissions.${permission}`)}
              </Label>
            </div>
          );
        })}
      </fieldset>
    </li>
  );
}

function InviteDialog({ open, onClose, onFlash }: { open: boolean; onClose: () => void; onFlash: OnFlash }) {
  const { t } = usePartnerTranslation();
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phone, setPhone] = useState('');
  // docs/product/partners.md §6: default permission scanner.
  const [permissions, setPermissions] = useState<TPartnerPermission[]>(['scanner']);
  const [error, setError] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);

  const close = () => {
    setEmail('');
    setFirstName('');
    setLastName('');
    setPhone('');
    setPhoneError(null);
    setPermissions(['scanner']);
    setError(null);
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZInviteMember.safeParse({ email, firstName: firstName || undefined, lastName: lastName || undefined, phone: phone || undefined, permissions });
    setError(null);
    setPhoneError(null);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      (issue?.path[0] === 'phone' ? setPhoneError : setError)(partnerMessage(issue?.message ?? ''));
      return;
    }
    invite.mutate(parsed.data, {
      onSuccess: (answer) => {
        onFlash('success', t('messages.INVITATION_SENT', { email: isolate(answer.member.email) }));
        close();
      },
      onError: (failure) => setError(partnerMessage(failure)),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Mail aria-hidden className="size-5 text-primary" />
            {t('profile.team.inviteTitle')}
          </DialogTitle>
          <DialogDescription>{t('profile.team.inviteText')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4" data-testid="invite-form">
          <Field label={t('profile.team.email')} error={error ?? undefined}>
            {(c) => <Input {...c} name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" dir="ltr" autoFocus />}
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label={t('profile.personal.firstName')} labelSuffix={t('common.optional')}>
              {(c) => <Input {...c} name="firstName" value={firstName} onChange={(e) => setFirstName(e.target.value)} />}
            </Field>
            <Field label={t('profile.personal.lastName')} labelSuffix={t('common.optional')}>
              {(c) => <Input {...c} name="lastName" value={lastName} onChange={(e) => setLastName(e.target.value)} />}
            </Field>
          </div>
          {/* Issue 25: the member's mobile, for the texts their preference allows (E.164 once saved). */}
          <Field label={t('profile.personal.phone')} labelSuffix={t('common.optional')} error={phoneError ?? undefined}>
            {(c) => <Input {...c} name="phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="off" dir="ltr" placeholder="0550 12 34 56" />}
          </Field>
          <fieldset className="grid grid-cols-1">
            <legend className="mb-2 text-sm font-medium">{t('profile.team.permissions')}</legend>
            {PARTNER_PERMISSIONS.map((permission) => {
              const id = `invite-perm-${permission}`;
              return (
                <div key={permission} className="flex items-center gap-2.5">
                  <Checkbox
                    id={id}
                    name={`permission-${permission}`}
                    checked={permissions.includes(permission)}
                    onCheckedChange={(checked) =>
                      setPermissions((list) => (checked === true ? [...list, permission] : list.filter((p) => p !== permission)))
                    }
                  />
                  <Label htmlFor={id} className="flex min-h-10 flex-1 cursor-pointer items-center font-normal">
                    {t(`permissions.${permission}`)}
                  </Label>
                </div>
              );
            })}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} data-testid="invite-submit">
              {t('profile.team.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
