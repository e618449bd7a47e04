import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/applications/add`: the application upload form. */
export default function ApplicationAddPage() {
  return (
    <PlaceholderPage title="Add application">
      <p>The form to add an application from its package will be here.</p>
    </PlaceholderPage>
  );
}
