-- Resumable uploads (issue 23 item 2, the tus protocol at /upload/tus): a photo sent in chunks
-- that a cut link can resume from the last byte the server holds. One row per upload, named by
-- the phone's image id, scoped to the company and the driver that created it and to the folder,
-- photo type and order its creation named. Its bytes arrive as parts; each part's bytes are in
-- `bytes`, or in the object store when one is configured (`bytes` then empty), like uploads'.
-- Once the last part is in, the file is checked, re-encoded and stored as an ordinary upload,
-- `result` keeps the answer ([{path, mimetype}], as POST /upload answers) and the parts go.
CREATE TABLE tus_uploads (
  id text PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  account_id integer NOT NULL REFERENCES accounts(id),
  folder text NOT NULL,
  photo_type text,
  -- x-order-id as it came (format-checked like POST /upload's; not an access check)
  order_ref text,
  size integer NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  result jsonb,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE TABLE tus_upload_parts (
  upload_id text NOT NULL REFERENCES tus_uploads(id) ON DELETE CASCADE,
  start_offset integer NOT NULL,
  byte_size integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (upload_id, start_offset)
);
