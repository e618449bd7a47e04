import { useQuotas } from "../../queries/quotas.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { QuotaTable, describeTotals } from "../../components/quotas/QuotaTable.tsx";

/** The limits of the signed-in user's groups, and how much of each their members use. */
export function MyQuotas() {
  const quotas = useQuotas();
  const limited = quotas.data?.filter((quota) => quota.lines.length > 0) ?? [];
  return (
    <section aria-labelledby="profile-quotas">
      <h2 className="p-heading--4" id="profile-quotas">
        Quotas
      </h2>
      {quotas.isPending && <PageLoader />}
      {quotas.isError && <ErrorNotice title="Cannot load your quotas" error={quotas.error} />}
      {quotas.isSuccess && limited.length === 0 && (
        <p>None of your groups has limits: you may use what your permissions allow.</p>
      )}
      {limited.map((quota) => (
        <div key={quota.group}>
          <h3 className="p-heading--5" id={`quota-${quota.group}`}>
            Group {quota.group}
            {quota.fromProvider ? " (from your identity provider)" : ""}
          </h3>
          <p>
            Shared by its members, who use now: {describeTotals(quota)}. An administrator can change
            its limits.
          </p>
          <QuotaTable quota={quota} labelledBy={`quota-${quota.group}`} />
        </div>
      ))}
    </section>
  );
}
