import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { DeviceControlBody, DeviceControlName, DeviceState } from "@anbox-dashboard/contract";
import { fetchDeviceState, sendDeviceControl } from "../api/device.ts";
import { queryKeys } from "../context/query-keys.ts";

/** What the instance's device has been given; the stream's `device::state` keeps it current. */
export function useDeviceState(clusterId: string, instanceId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.deviceState(clusterId, instanceId),
      queryFn: ({ signal }) => fetchDeviceState(clusterId, instanceId, signal),
    }),
  );
}

/** The device told its state (over the stream, or in a control's answer): the panel shows it. */
export function storeDeviceState(
  client: QueryClient,
  clusterId: string,
  instanceId: string,
  state: DeviceState,
): void {
  client.setQueryData(queryKeys.deviceState(clusterId, instanceId), state);
}

/** One control of the device (`name`): its answer is the device's state after it. */
export function useDeviceControl<Name extends DeviceControlName>(
  clusterId: string,
  instanceId: string,
  name: Name,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceControlBody<Name>) =>
      sendDeviceControl(clusterId, instanceId, name, body),
    onSuccess: (state) => {
      storeDeviceState(client, clusterId, instanceId, state);
    },
  });
}
