import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/applications`: the applications of every cluster. */
export default function ApplicationsPage() {
  return (
    <PlaceholderPage title="Applications">
      <p>Your applications will be listed here, with their versions and status.</p>
    </PlaceholderPage>
  );
}
