CREATE TABLE "training_point_files" (
	"point_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "training_point_files_point_id_file_id_pk" PRIMARY KEY("point_id","file_id")
);
--> statement-breakpoint
-- The integer column was never written (no upload existed): nothing to convert.
ALTER TABLE "trainings" ALTER COLUMN "image_file_id" SET DATA TYPE uuid USING NULL;--> statement-breakpoint
ALTER TABLE "training_point_files" ADD CONSTRAINT "training_point_files_point_id_training_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."training_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_point_files" ADD CONSTRAINT "training_point_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_point_files_file_idx" ON "training_point_files" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;