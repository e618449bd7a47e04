import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { FileField } from "./FileField.tsx";

const schema = z.object({
  apk: z.custom<File | null>((value) => value instanceof File, "Choose the application's APK"),
});

/** A form with one file field, as the applications page has: `sent` gets what was sent. */
function UploadForm({ progress, sent }: { progress?: number; sent: (file: File) => void }) {
  const form = useForm<z.input<typeof schema>>({
    defaultValues: { apk: null },
    resolver: zodResolver(schema),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        void form.handleSubmit(({ apk }) => {
          if (apk !== null) sent(apk);
        })(event);
      }}
    >
      <FileField
        control={form.control}
        name="apk"
        label="APK file"
        required
        accept={[".apk"]}
        maxBytes={10}
        progress={progress}
        help="An .apk file of at most 10 B."
      />
      <button type="submit">Upload</button>
    </form>
  );
}

const apk = (name = "game.apk", content = "12345") =>
  new File([content], name, { type: "application/vnd.android.package-archive" });

/** A file dropped on the field: on its input, which lies over the whole drop zone. */
function dropOn(input: HTMLElement, file: File) {
  fireEvent.dragEnter(input, { dataTransfer: { files: [file] } });
  fireEvent.drop(input, { dataTransfer: { files: [file] } });
}

describe("FileField", () => {
  it("takes a file from the file dialog and sends it with the form", async () => {
    const sent = vi.fn<(file: File) => void>();
    render(<UploadForm sent={sent} />);
    const input = screen.getByLabelText("APK file");
    const file = apk();
    await userEvent.upload(input, file);
    expect(input).toHaveAccessibleDescription("game.apk (5 B) An .apk file of at most 10 B.");
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(sent).toHaveBeenCalledWith(file);
  });

  it("takes a dropped file", async () => {
    const sent = vi.fn<(file: File) => void>();
    render(<UploadForm sent={sent} />);
    const file = apk("dropped.apk");
    dropOn(screen.getByLabelText("APK file"), file);
    expect(await screen.findByText("dropped.apk (5 B)")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(sent).toHaveBeenCalledWith(file);
  });

  it("refuses a dropped file of another type and says why, tied to the input", async () => {
    const sent = vi.fn<(file: File) => void>();
    render(<UploadForm sent={sent} />);
    const input = screen.getByLabelText("APK file");
    dropOn(input, new File(["zip"], "game.zip", { type: "application/zip" }));
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining("Choose a file of type .apk: game.zip is not one.") as string,
    );
    expect(screen.queryByText(/game\.zip \(/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(sent).not.toHaveBeenCalled();
  });

  it("refuses a file over the size limit, and drops the one taken before", async () => {
    const sent = vi.fn<(file: File) => void>();
    render(<UploadForm sent={sent} />);
    const input = screen.getByLabelText("APK file");
    await userEvent.upload(input, apk());
    dropOn(input, apk("big.apk", "12345678901"));
    expect(screen.getByText("big.apk is 11 B: choose a file of at most 10 B.")).toBeInTheDocument();
    expect(screen.queryByText("game.apk (5 B)")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(sent).not.toHaveBeenCalled();
  });

  it("asks for a file when the form is sent without one, and moves the focus to it", async () => {
    render(<UploadForm sent={vi.fn()} />);
    const input = screen.getByLabelText("APK file");
    expect(input).toHaveAttribute("aria-invalid", "false");
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(
      "Choose the application's APK An .apk file of at most 10 B.",
    );
    expect(input).toHaveFocus();
  });

  it("shows how much has been sent", async () => {
    const { rerender } = render(<UploadForm sent={vi.fn()} />);
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText("APK file"), apk());
    rerender(<UploadForm sent={vi.fn()} progress={0.423} />);
    const bar = screen.getByRole("progressbar", { name: "Sending game.apk" });
    expect(bar).toHaveAttribute("value", "0.423");
    expect(screen.getByText("42%")).toBeInTheDocument();
    rerender(<UploadForm sent={vi.fn()} progress={1} />);
    expect(screen.getByText("100%")).toBeInTheDocument();
  });
});
