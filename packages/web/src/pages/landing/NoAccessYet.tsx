import { Link } from "react-router";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { CautionNotice } from "../../components/CautionNotice.tsx";

/** Signed in, but in no group that lets them see anything yet. */
export function NoAccessYet() {
  return (
    <PageLayout title="No access yet">
      <CautionNotice>
        You are signed in, but your account is in no group that lets you see a cluster yet. Ask an
        administrator of this dashboard to add you to a group (they can do it on the Permissions
        pages, or with <code>bin/dashboard identity group add</code>); this page then shows what you
        may use.
      </CautionNotice>
      <p>
        <Link to="/profile">See your profile, your groups and your permissions</Link>
      </p>
    </PageLayout>
  );
}
