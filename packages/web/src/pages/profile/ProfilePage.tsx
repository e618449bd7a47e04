import type { Profile } from "../../api/profile.ts";
import { useEndOtherSessions, useProfile } from "../../queries/profile.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { SessionsTable } from "./SessionsTable.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Notice } from "../../components/Notice.tsx";
import { MyPermissions } from "./MyPermissions.tsx";
import { MyQuotas } from "./MyQuotas.tsx";

/**
 * `/profile`: the signed-in person, where they sign in, their groups and what they may do, their
 * groups' quotas, and the browsers signed in as them.
 */
export default function ProfilePage() {
  const profile = useProfile();

  return (
    <PageLayout title="Profile">
      <div className="profile-page">
        {profile.isPending && <PageLoader />}
        {profile.isError && <ErrorNotice title="Cannot load your profile" error={profile.error} />}
        {profile.isSuccess && <ProfileDetails profile={profile.data} />}
      </div>
    </PageLayout>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const signOutOthers = useEndOtherSessions();
  const others = profile.sessions.filter((session) => !session.current).length;

  return (
    <>
      <section aria-labelledby="profile-account">
        <h2 className="p-heading--4" id="profile-account">
          Account
        </h2>
        <dl className="facts">
          <dt>Full name</dt>
          <dd>{profile.fullname}</dd>
          <dt>E-mail address</dt>
          <dd>{profile.email}</dd>
          <dt>Identity provider</dt>
          <dd>
            {profile.identityProvider.external
              ? profile.identityProvider.issuer
              : "This dashboard (embedded)"}
          </dd>
        </dl>
      </section>
      <MyQuotas />
      <MyPermissions />
      <section aria-labelledby="profile-sessions">
        <h2 className="p-heading--4" id="profile-sessions">
          Active sessions
        </h2>
        {signOutOthers.isError && (
          <Notice
            kind="negative"
            message={`The other sessions were not signed out: ${signOutOthers.error.message}`}
          />
        )}
        {signOutOthers.isSuccess && (
          <Notice kind="positive" message="Your other sessions have been signed out." />
        )}
        <SessionsTable sessions={profile.sessions} />
        <button
          className="p-button"
          type="button"
          disabled={others === 0 || signOutOthers.isPending}
          aria-busy={signOutOthers.isPending}
          onClick={() => {
            signOutOthers.mutate();
          }}
        >
          Sign out other sessions
        </button>
      </section>
    </>
  );
}
