import { Navigate, useLocation, useSearchParams } from "react-router";
import {
  isLoginErrorCode,
  loginErrorMessages,
  registerCommand,
  type AuthInfo,
} from "@anbox-dashboard/contract";
import { useAuthInfo } from "../../queries/auth-info.ts";
import { useSessionInfo } from "../../queries/session-info.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { PublicCard } from "../../components/PublicCard.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { nextPathFrom } from "./next-path.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Notice } from "../../components/Notice.tsx";

export default function LoginPage() {
  const location = useLocation();
  // The server names why a sign-in failed with a code (never free text) in `?error=`.
  const [searchParams] = useSearchParams();
  const errorCode = searchParams.get("error") ?? "";
  const signInError = isLoginErrorCode(errorCode) ? loginErrorMessages[errorCode] : undefined;
  const authInfo = useAuthInfo();
  // Someone signed in already has nothing to do here: on to where they were going.
  const session = useSessionInfo();
  const next = nextPathFrom(location.state, location.search);
  if (session.isSuccess) return <Navigate to={next} replace />;
  if (session.isPending) return <PageLoader />;

  return (
    <PublicCard>
      <h1 className="p-heading--3">Anbox Cloud Dashboard</h1>
      <p>Access your dashboard to manage Anbox Cloud</p>
      {signInError !== undefined && (
        <Notice kind="negative" title="Sign-in failed" message={signInError} />
      )}
      {authInfo.isPending && <PageLoader />}
      {authInfo.isError && (
        <ErrorNotice title="Cannot reach the dashboard server" error={authInfo.error} />
      )}
      {authInfo.isSuccess && <LoginAction authInfo={authInfo.data} next={next} />}
    </PublicCard>
  );
}

function LoginAction({ authInfo, next }: { authInfo: AuthInfo; next: string }) {
  if (!authInfo.hasUsers) {
    const command = authInfo.registerCommand ?? registerCommand(authInfo.variant);
    return (
      <>
        <p>
          No account exists yet. To register the first one, run this command on the machine that
          runs the dashboard, from the dashboard&apos;s folder:
        </p>
        <div className="p-code-snippet u-no-margin--bottom">
          <pre className="p-code-snippet__block--icon">
            <code>{command}</code>
          </pre>
        </div>
        <CopyButton text={command} label="Copy command" />
        <p>The command prints a URL. Open it to finish the registration.</p>
      </>
    );
  }
  const label = authInfo.isExternalIdp ? "Login" : "Login with Ubuntu One";
  return (
    <a className="p-button--positive" href={`/api/login?next=${encodeURIComponent(next)}`}>
      {label}
    </a>
  );
}
