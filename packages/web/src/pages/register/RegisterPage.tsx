import { useSearchParams } from "react-router";
import type { RegistrationInfo } from "@anbox-dashboard/contract";
import { useRegistration } from "../../queries/registration.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { PublicCard } from "../../components/PublicCard.tsx";
import { LinkProblem } from "./LinkProblem.tsx";
import { RegistrationForm } from "./RegistrationForm.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

/** `/register?token=`: where a registration link printed by `bin/dashboard register` leads. */
export default function RegisterPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const registration = useRegistration(token);

  return (
    <PublicCard>
      <h1 className="p-heading--3">Create your account</h1>
      {registration.isPending && <PageLoader />}
      {registration.isError && (
        <ErrorNotice title="Cannot check this registration link" error={registration.error} />
      )}
      {registration.isSuccess && <RegistrationStep token={token} info={registration.data} />}
    </PublicCard>
  );
}

function RegistrationStep({ token, info }: { token: string; info: RegistrationInfo }) {
  if (info.state !== "valid") return <LinkProblem state={info.state} />;
  if (info.isExternalIdp) {
    // The provider knows the person's name and address: signing in there finishes the registration.
    const href = `/api/login?next=${encodeURIComponent("/")}&registration=${encodeURIComponent(token)}`;
    return (
      <>
        <p>
          This dashboard signs people in with your organisation&apos;s identity provider. Sign in
          there to finish creating your account.
        </p>
        <a className="p-button--positive" href={href}>
          Continue with your identity provider
        </a>
      </>
    );
  }
  return <RegistrationForm token={token} info={info} />;
}
