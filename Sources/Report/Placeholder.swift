import CCmark
