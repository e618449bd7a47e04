import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useToast } from "../../context/notifications/use-toast.ts";
import { ActionButton } from "../actions/ActionButton.tsx";
import { downloadBugReport } from "./collect-bug-report.ts";

interface Props {
  clusterId: string;
  instanceId: string;
  instanceName: string;
}

/** "Download bug report" of an instance's page: its details, logs and device's state in a file. */
export function BugReportButton({ clusterId, instanceId, instanceName }: Props) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const [gathering, setGathering] = useState(false);
  return (
    <ActionButton
      className="p-button"
      reason={gathering ? "The report is being gathered" : undefined}
      onClick={() => {
        setGathering(true);
        downloadBugReport(queryClient, { clusterId, instanceId, instanceName })
          .catch((error: unknown) => {
            notify.failure("The bug report could not be made", error);
          })
          .finally(() => {
            setGathering(false);
          });
      }}
    >
      Download bug report
    </ActionButton>
  );
}
