import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { useT } from '~/core/i18n/use-locale';
import { AdminCard } from '~/core/ui/admin/page-header';
import { Button, SubmitButton } from '~/core/ui/form/button';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { Checkbox, TextInput } from '~/core/ui/form/inputs';
import { Notice } from '~/core/ui/form/notice';
import { integrationsMessages } from '../../messages';
import { API_SCOPES, type ApiScope } from '../../scopes';

/** The create form of an API key, then its secret: shown once, with a copy button and a warning. */
export function NewKeyForm() {
  const t = useT(integrationsMessages);
  const f = useFieldErrors({ prefix: 'key' });
  const revalidator = useRevalidator();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await api<{ message: string; id: number; secret: string }>('/api/admin/integrations/keys', {
      method: 'POST',
      body: { name, scopes },
      json: true,
    });
    setBusy(false);
    if (!res.ok) {
      f.showFieldErrors(res.errors);
      return;
    }
    f.clear();
    setCreated({ name, secret: res.data.secret });
    setCopied(false);
    setName('');
    setScopes([]);
    void revalidator.revalidate();
  };

  if (created) {
    return (
      <AdminCard title={t('keys.secret.title', { name: created.name })} className="mt-6" id="new-key">
        <Notice kind="warning" role="alert" className="mb-3">
          {t('keys.secret.warning')}
        </Notice>
        <label htmlFor="new-key-secret" className="sr-only">
          {t('keys.secret.title', { name: created.name })}
        </label>
        <input
          id="new-key-secret"
          readOnly
          value={created.secret}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all"
          data-testid="api-key-secret"
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            onClick={async () => {
              await navigator.clipboard?.writeText(created.secret).catch(() => {});
              setCopied(true);
            }}
          >
            {copied ? t('keys.secret.copied') : t('keys.secret.copy')}
          </Button>
          <Button variant="secondary" onClick={() => setCreated(null)}>
            {t('keys.secret.done')}
          </Button>
        </div>
      </AdminCard>
    );
  }

  return (
    <AdminCard title={t('keys.form.title')} className="mt-6" id="new-key">
      <form onSubmit={submit} noValidate className="grid max-w-2xl gap-4" ref={f.formRef}>
        <TextInput f={f} path="name" label={t('keys.form.name')} hint={t('keys.form.nameHint')} required value={name} onChange={setName} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">
            {t('keys.form.scopes')}
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {API_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                f={f}
                path={`scopes.${scope}`}
                label={
                  <>
                    <span className="font-mono text-xs">{scope}</span> – {t(`scope.${scope}`)}
                  </>
                }
                checked={scopes.includes(scope)}
                onChange={(on) => setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)))}
              />
            ))}
          </div>
          {f.message('scopes') && (
            <p id="key-scopes-error" className="mt-1 text-sm text-red-700" role="alert">
              {f.message('scopes')}
            </p>
          )}
        </fieldset>
        <div>
          <SubmitButton pending={busy} size="md">
            {t('keys.form.submit')}
          </SubmitButton>
        </div>
      </form>
    </AdminCard>
  );
}
